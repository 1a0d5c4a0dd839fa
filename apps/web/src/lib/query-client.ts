import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx, and requests the client itself cancelled) are answers, not glitches: no retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.cancelled || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
