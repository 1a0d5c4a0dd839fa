import { type SchoolSignup, type SchoolSignupBody, signUpSchool } from '@colophon/contract';
import { call } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';

/** `POST school_signups`: the school, its adviser, its project and agreement year in one step. */
export function useSchoolSignup() {
  return useInvalidatingMutation<SchoolSignup, SchoolSignupBody>([['accounts'], ['projects'], ['users']], {
    mutationFn: (body) => call(signUpSchool, { body }),
  });
}
