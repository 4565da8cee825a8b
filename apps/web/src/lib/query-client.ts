import { QueryClient } from '@tanstack/react-query';
import { ApiError, RequestBlockedError } from './request';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // An answered request (any envelope code) or a blocked one is final; retry transport failures once.
      retry: (count, err) => !(err instanceof ApiError || err instanceof RequestBlockedError) && count < 1,
    },
  },
});
