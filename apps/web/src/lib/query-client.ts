import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's query client: one per page in the browser, one per page rendered on the server. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx will not get better by asking again
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}
