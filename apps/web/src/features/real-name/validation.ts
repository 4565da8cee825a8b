/** What the real-name form holds before it is sent. */
export interface RealNameDraft {
  name: string;
  cardId: string;
  frontPic: string;
  reversePic: string;
}

/**
 * Spec §5: name and ID number required, and both images (one each). Every gap answers the spec's
 * 'Please complete' (its one client message for an incomplete form).
 */
export function checkRealName(draft: RealNameDraft): string | undefined {
  if (!draft.name.trim() || !draft.cardId.trim()) return 'form.complete';
  if (!draft.frontPic || !draft.reversePic) return 'form.complete';
  return undefined;
}
