import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const order: string[] = [];
vi.mock('../src/lib/confirm', () => ({
  openConfirm: () => ({ result: Promise.resolve(true), dismiss: () => {} }),
}));
vi.mock('../src/features/user/api/logout', () => ({
  logoutOnServer: async () => {
    order.push('server logout');
  },
}));
vi.mock('../src/lib/realtime', () => ({
  socket: { logout: () => order.push('socket logout'), login: () => order.push('socket login') },
}));
vi.mock('../src/lib/toast', () => ({ toast: () => undefined }));

const { useLogout } = await import('../src/features/user/hooks/use-logout');

describe('logout', () => {
  it("takes the socket out before the server revokes the session, so the revocation is not read as 'logged out elsewhere'", async () => {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
    const { result } = renderHook(() => useLogout(), { wrapper });
    await result.current();
    expect(order).toEqual(['socket logout', 'server logout']);
  });
});
