/** A signed-in user's live session, as the authentication plugin resolves it from the request's token. */
export interface AuthUser {
  userId: number;
  sessionId: number;
  tokenHash: string;
}
