import type { StaffMember } from '@meridian/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import en from '../../../packages/i18n/locales/en/admin.json';
import { MessageBridge } from '../src/components/message-bridge';
import { i18n, initI18n } from '../src/lib/i18n';
import { createQueryClient } from '../src/lib/query-client';

/** The English catalog, loaded synchronously for component tests. */
export async function setupTestI18n() {
  if (!i18n.isInitialized) await initI18n('en', en);
  return i18n;
}

/** A signed-in staff member for component tests (Alex, owner, id 1), with what a test changes. */
export function staffMember(over: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 1,
    email: 'a@meridian.example',
    name: 'Alex',
    role: 'owner',
    totpEnabled: true,
    disabled: false,
    createdAt: '2025-01-01T00:00:00Z',
    lastLoginAt: null,
    ...over,
  };
}

/** A staff API answer: the `{code, msg, data}` envelope as a fetch Response. */
export const envelope = (data: unknown, msg = 'Success', code = 1) =>
  new Response(JSON.stringify({ code, msg, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A fetch double answering each call with the next envelope (or Response) of the list. */
export function mockFetch(...answers: Array<object | Response>) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next instanceof Response
      ? next
      : new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Renders routes in a memory router with the app's providers (antd App, a fresh query client). */
export async function renderRoutes(
  routes: RouteObject[],
  initialPath = '/',
  setup?: (queryClient: QueryClient) => void,
) {
  const queryClient = createQueryClient();
  setup?.(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  await act(async () => {
    render(
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>,
    );
  });
  return { router, queryClient };
}
