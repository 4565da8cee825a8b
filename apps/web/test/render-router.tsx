import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../src/lib/query-client';

/** Renders a memory router inside the app's query client, as the app does, and waits for it. */
export async function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}
