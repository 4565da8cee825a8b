/** The context a staff member's TOTP seed is sealed under (pending and confirmed alike). */
export const totpContext = (staffId: number) => `staff:${staffId}:totp`;
