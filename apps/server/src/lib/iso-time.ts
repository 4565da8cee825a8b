/** A moment as the staff answers carry it (ISO 8601, UTC), or null when there is none. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
