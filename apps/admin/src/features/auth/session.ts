import type { QueryClient } from '@tanstack/react-query';
import { type Me, meKeys } from '../../lib/me';
import { setToken } from '../../lib/session';
import type { LoginData } from './api/login';

/** Keeps the token of a successful sign-in and seeds the signed-in member. */
export function startSession(client: QueryClient, data: LoginData): void {
  client.clear();
  setToken(data.token);
  client.setQueryData<Me>(meKeys.all, { staff: data.staff, mustEnrolTotp: data.mustEnrolTotp });
}

/**
 * Forgets the session in this tab: the token at once (the login screen must not see it), then,
 * once the signed-in screens are gone, every cached answer (another member may sign in next).
 */
export async function endSession(client: QueryClient, toLogin: () => Promise<void> | void): Promise<void> {
  setToken(null);
  try {
    await toLogin();
  } finally {
    client.clear();
  }
}
