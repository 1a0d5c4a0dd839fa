import type { SessionUser, totpSetupResponseSchema } from '@colophon/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const profileApi = {
  update: (body: { email?: string; firstName?: string; lastName?: string; timezone?: string }) =>
    api.put<SessionUser>('/profile', body),
  uploadAvatar: (data: string) => api.post<{ uriAvatar: string }>('/files/avatar', { data }),
  setupTotp: () => api.post<TotpSetup>('/users/mfa/totp/setup'),
  enableTotp: (code: string) => api.post<void>('/users/mfa/totp/enable', { code }),
  setMfaMethod: (method: 'email' | 'totp' | null) => api.put<void>('/users/mfa/method', { method }),
};
