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
    // A form's call is sent even offline: the request layer says what went wrong (a paused mutation
    // would spin until the network came back and then send a form the trader may have given up on).
    mutations: { networkMode: 'always' },
  },
});
