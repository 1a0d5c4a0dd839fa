import type {
  confirmEmailBodySchema,
  confirmEmailResponseSchema,
  forgotPasswordBodySchema,
  mfaSendCodeResponseSchema,
  resetPasswordBodySchema,
} from '@colophon/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

export type MfaMethod = 'email' | 'totp';
export type MfaSendCodeResponse = z.infer<typeof mfaSendCodeResponseSchema>;

export const authApi = {
  sendMfaCode: (body: { user_id: number; token: string; method: MfaMethod }) =>
    api.post<MfaSendCodeResponse>('/users/mfa/send_code', body),
  validateMfaCode: (body: { user_id: number; token: string; code: string }) =>
    api.post<{ mfaValidated: true }>('/users/mfa/validate_code', body),
  forgotPassword: (body: z.output<typeof forgotPasswordBodySchema>) => api.post<void>('/auth/password/forgot', body),
  resetPassword: (body: z.output<typeof resetPasswordBodySchema>) => api.post<void>('/auth/password/reset', body),
  confirmEmail: (body: z.output<typeof confirmEmailBodySchema>) =>
    api.post<z.infer<typeof confirmEmailResponseSchema>>('/users/confirm_email', body),
};
