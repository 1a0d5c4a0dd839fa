import {
  authOperations,
  profileOperations,
  type profileUpdateSchema,
  type totpSetupResponseSchema,
} from '@colophon/contract';
import type { z } from 'zod';
import { call } from '../../lib/call';

export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const profileApi = {
  update: (body: z.input<typeof profileUpdateSchema>) => call(profileOperations.update, { body }),
  uploadAvatar: (data: string) => call(profileOperations.uploadAvatar, { body: { data } }),
  setupTotp: () => call(authOperations.setUpTotp),
  enableTotp: (code: string) => call(authOperations.enableTotp, { body: { code } }),
  setMfaMethod: (method: 'email' | 'totp' | null) => call(authOperations.changeMfaMethod, { body: { method } }),
};
