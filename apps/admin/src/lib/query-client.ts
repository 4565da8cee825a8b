import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorText, notifyError } from './notify';
import { StaffApiError, TRANSPORT_FAILURE_CODE } from './staff-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the screen shows this failure itself (no message.error). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** An answered refusal is final; a transport failure is retried once. */
const retry = (count: number, err: unknown) =>
  !(err instanceof StaffApiError && err.code !== TRANSPORT_FAILURE_CODE) && count < 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every refusal's translated `msg` is shown in a message.error (spec of the staff API).
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (!query.meta?.silent) notifyError(errorText(err));
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) notifyError(errorText(err));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 15_000, refetchOnWindowFocus: false, retry },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
