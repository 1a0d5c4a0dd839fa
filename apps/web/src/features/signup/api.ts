import type { SchoolSignup, SchoolSignupBody } from '@colophon/contract';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/resource';

/** `POST school_signups`: the school, its adviser, its project and agreement year in one step. */
export function useSchoolSignup() {
  return useInvalidatingMutation<SchoolSignup, SchoolSignupBody>([['accounts'], ['projects'], ['users']], {
    mutationFn: (body) => api.post<SchoolSignup>('/school_signups', body),
  });
}
