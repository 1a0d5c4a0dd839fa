import {
  authOperations,
  confirmEmail,
  type confirmEmailBodySchema,
  type forgotPasswordBodySchema,
  type mfaSendCodeResponseSchema,
  type resetPasswordBodySchema,
} from '@colophon/contract';
import type { z } from 'zod';
import { call } from '../../lib/call';

export type MfaMethod = 'email' | 'totp';
export type MfaSendCodeResponse = z.infer<typeof mfaSendCodeResponseSchema>;

export const authApi = {
  sendMfaCode: (body: { user_id: number; token: string; method: MfaMethod }) =>
    call(authOperations.sendMfaCode, { body }),
  validateMfaCode: (body: { user_id: number; token: string; code: string }) =>
    call(authOperations.validateMfaCode, { body }),
  forgotPassword: (body: z.output<typeof forgotPasswordBodySchema>) => call(authOperations.forgotPassword, { body }),
  resetPassword: (body: z.output<typeof resetPasswordBodySchema>) => call(authOperations.resetPassword, { body }),
  confirmEmail: (body: z.output<typeof confirmEmailBodySchema>) => call(confirmEmail, { body }),
};
