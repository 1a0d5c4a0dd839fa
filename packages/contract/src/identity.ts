import { permissions, type TimeZoneCode, timeZone, userRole } from '@colophon/domain';
import { z } from 'zod';
import {
  emailSchema,
  idParam,
  idParamsSchema,
  idSchema,
  listEnvelopeSchema,
  listQuerySchema,
  nameSchema,
  passwordSchema,
  problemResponses,
  problemSchema,
  timestampSchema,
} from './common';
import { defineOperation } from './operation';
import { defineResourceContract, filter } from './resource-contract';

export const roleCodeSchema = z
  .number()
  .int()
  .refine((code) => userRole.has(code), { message: `Must be one of the role codes ${userRole.codes.join(', ')}` });
export const timeZoneSchema = z.enum(timeZone.codes as readonly TimeZoneCode[] as [TimeZoneCode, ...TimeZoneCode[]]);
export const permissionSchema = z.enum(permissions);

export const userPermissionSchema = z.object({
  bSuperAdmin: z.boolean(),
  role: z.number().int(),
  permissions: z.array(permissionSchema),
});

export const mfaMethodSchema = z.enum(['email', 'totp']);

/** What every view of a person shows: the session user and the users list share it. */
const personFields = {
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  uriAvatar: z.string().nullable(),
  timezone: timeZoneSchema,
  role: z.number().int(),
  mfaMethod: mfaMethodSchema.nullable(),
  /**
   * A new e-mail address waiting for its owner to confirm it through the link sent to it (24 hours);
   * `email` stays the old one until then. Given on one user (`GET /api/users/{id}?include=pendingEmail`,
   * the update's answer), on the session (`/api/auth/me`, the profile's answer); absent elsewhere.
   */
  pendingEmail: z.string().nullable().optional(),
};

/** The session user of spec part 3. */
export const sessionUserSchema = z
  .object({
    ...personFields,
    mustChangePassword: z.boolean(),
    userPermission: userPermissionSchema,
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const immediateAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  typeSoftware: z.number().int(),
  typeWhereCreated: z.number().int(),
  country: z.string(),
  parentAccountId: z.number().int().nullable(),
  depth: z.number().int(),
});
export type ImmediateAccount = z.infer<typeof immediateAccountSchema>;

/** The session state of spec part 3. */
export const sessionStateSchema = z
  .object({
    user: sessionUserSchema,
    isStudioUser: z.boolean(),
    isSubStudioUser: z.boolean(),
    isDirectToSchool: z.boolean(),
    immediateAccounts: z.array(immediateAccountSchema),
    permissionHash: z.string(),
    redirectLocation: z.string().nullable(),
    mfaRequired: z.boolean(),
    mfaValidated: z.boolean(),
    impersonating: z.boolean(),
    originalUser: sessionUserSchema.nullable(),
    /** The impersonating super admin is one of the privileged ids: every HTTP method is allowed. */
    originalUserMayUseAllMethods: z.boolean(),
    expiresAt: timestampSchema,
  })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof sessionStateSchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: z.string().min(1, 'Required').max(200) });
export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  mfaRequired: z.boolean(),
  permissionHash: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const mfaSendCodeBodySchema = z.object({
  user_id: idSchema,
  token: z.string().min(1),
  method: mfaMethodSchema,
});
export const mfaSendCodeResponseSchema = z.object({ method: mfaMethodSchema, sentTo: z.string().nullable() });
export const mfaValidateCodeBodySchema = z.object({
  user_id: idSchema,
  token: z.string().min(1),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export const mfaValidateCodeResponseSchema = z.object({ mfaValidated: z.literal(true) });
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpEnableBodySchema = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
export const mfaMethodBodySchema = z.object({ method: mfaMethodSchema.nullable() });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ token: z.string().min(20).max(200), password: passwordSchema });
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Required').max(200),
  newPassword: passwordSchema,
});

export const impersonateBodySchema = z.object({ userId: idSchema });
export const impersonateResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  permissionHash: z.string(),
});
export const endImpersonationResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('restored'), token: z.string(), user: sessionUserSchema, permissionHash: z.string() }),
  z.object({ outcome: z.literal('signedOut') }),
]);

/** Users as the users screen lists them. */
export const userSchema = z
  .object({
    ...personFields,
    bSuperAdmin: z.boolean(),
    isActive: z.boolean(),
    mfaRequired: z.boolean(),
    lastSignInAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userCreateSchema = z.object({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  role: roleCodeSchema,
  timezone: timeZoneSchema.default('CST'),
  accountId: idSchema,
});
export const userUpdateSchema = z
  .object({
    email: emailSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    timezone: timeZoneSchema,
    isActive: z.boolean(),
  })
  .partial();

/** The users screen (/admin/users): a user is created into an account and deactivated, never deleted. */
export const usersContract = defineResourceContract({
  name: 'users',
  label: 'User',
  item: userSchema,
  create: userCreateSchema,
  update: userUpdateSchema,
  filters: { role: filter.codes(), isActive: filter.boolean(), accountId: filter.id() },
  /** The API also matches the full name ("Ann Lee"). */
  searchable: ['email', 'firstName', 'lastName'],
  includes: ['pendingEmail'],
  sorts: ['lastName', 'email', 'role', 'createdAt', 'lastSignInAt'],
  defaultSort: 'lastName',
  permission: { read: 'users.view', write: 'users.manage' },
});
export type UserListQuery = z.input<typeof usersContract.listQuery>;

export const userPermissionsBodySchema = z.object({
  role: roleCodeSchema,
  bSuperAdmin: z.boolean().default(false),
  mfaRequired: z.boolean().default(false),
});
export const userPermissionsSchema = z.object({
  userId: z.number().int(),
  role: z.number().int(),
  bSuperAdmin: z.boolean(),
  mfaRequired: z.boolean(),
  permissions: z.array(permissionSchema),
});

export const notificationPreferenceSchema = z.object({ typeNotification: z.number().int(), email: z.boolean() });
export const userNotificationsSchema = z.object({
  userId: z.number().int(),
  preferences: z.array(notificationPreferenceSchema),
});
export const userNotificationsBodySchema = z.object({ preferences: z.array(notificationPreferenceSchema).max(200) });

export const userAccountSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  accountId: z.number().int(),
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string(), type: z.number().int() }),
  createdAt: timestampSchema,
});
export const userAccountCreateSchema = z.object({
  userId: idSchema,
  accountId: idSchema,
});

const userTags = ['users'] as const;
const userParams = idParamsSchema;
/** The user routes also answer 409 (a link that exists, a rank rule). */
const conflict = { 409: problemSchema };

// Every GET under /api/users/{id}/ follows the user's read rule: oneself, or with users.view a user
// of one's tenant. Every change follows the change rule (a higher rank, users.manage).
export const getUserPermissions = defineOperation({
  method: 'GET',
  path: '/api/users/:id/user_permissions',
  params: userParams,
  responses: { 200: userPermissionsSchema, ...conflict },
  permission: 'profile.edit',
  tags: userTags,
});
const savePermissions = {
  path: '/api/users/:id/user_permissions',
  params: userParams,
  body: userPermissionsBodySchema,
  responses: { 200: userPermissionsSchema, ...conflict },
  permission: 'users.manage',
  tags: userTags,
} as const;
export const createUserPermissions = defineOperation({ method: 'POST', ...savePermissions });
export const updateUserPermissions = defineOperation({ method: 'PUT', ...savePermissions });

export const getUserNotifications = defineOperation({
  method: 'GET',
  path: '/api/users/:id/user_notifications',
  params: userParams,
  responses: { 200: userNotificationsSchema, ...conflict },
  permission: 'profile.edit',
  tags: userTags,
});
const saveNotifications = {
  path: '/api/users/:id/user_notifications',
  params: userParams,
  body: userNotificationsBodySchema,
  responses: { 200: userNotificationsSchema, ...conflict },
  permission: 'profile.edit',
  tags: userTags,
} as const;
export const createUserNotifications = defineOperation({ method: 'POST', ...saveNotifications });
export const updateUserNotifications = defineOperation({ method: 'PUT', ...saveNotifications });

/** The accounts linked to a user. */
export const listUserAccounts = defineOperation({
  method: 'GET',
  path: '/api/user_accounts',
  query: listQuerySchema(['createdAt', 'accountName'] as const).extend({ userId: idParam }),
  responses: { 200: listEnvelopeSchema(userAccountSchema), ...conflict },
  permission: 'profile.edit',
  tags: userTags,
});
export const linkUserAccount = defineOperation({
  method: 'POST',
  path: '/api/user_accounts',
  body: userAccountCreateSchema,
  responses: { 201: userAccountSchema, ...conflict },
  permission: 'users.manage',
  tags: userTags,
});
export const unlinkUserAccount = defineOperation({
  method: 'DELETE',
  path: '/api/user_accounts/:id',
  params: userParams,
  responses: { 204: z.null(), ...conflict },
  permission: 'users.manage',
  tags: userTags,
});

/** A new `email` is not set at once: a confirmation link goes to it (see `pendingEmail`). */
export const profileUpdateSchema = z
  .object({ email: emailSchema, firstName: nameSchema, lastName: nameSchema, timezone: timeZoneSchema })
  .partial();

/** `POST /api/users/confirm_email`: the token of the link e-mailed to the new address. */
export const confirmEmailBodySchema = z.object({ token: z.string().min(20).max(200) });
export const confirmEmailResponseSchema = z.object({ email: z.string() });
export const avatarBodySchema = z.object({
  // Base64 of the image, data-URL prefix already stripped (the server strips one if sent).
  data: z.string().min(1).max(3_000_000),
});
export const avatarResponseSchema = z.object({ uriAvatar: z.string() });

// The session's own calls: sign-in, the second factor, passwords, impersonation and the profile.
const authTags = ['auth'] as const;
const mfaTags = ['mfa'] as const;
/** A session still owing its second factor or a new password may make these. */
const beforeFullSession = { mfaStep: true, passwordStep: true } as const;
/** A code that expired (410) or too many tries (429). */
const mfaProblems = problemResponses(410, 429);

export const authOperations = {
  signIn: defineOperation({
    method: 'POST',
    path: '/api/auth/login',
    body: loginBodySchema,
    responses: { 200: loginResponseSchema, ...problemResponses(409, 429) },
    public: true,
    tags: authTags,
  }),
  sessionState: defineOperation({
    method: 'GET',
    path: '/api/auth/me',
    responses: { 200: sessionStateSchema, ...conflict },
    ...beforeFullSession,
    tags: authTags,
  }),
  signOut: defineOperation({
    method: 'POST',
    path: '/api/auth/logout',
    responses: { 204: z.null(), ...conflict },
    ...beforeFullSession,
    tags: authTags,
  }),
  forgotPassword: defineOperation({
    method: 'POST',
    path: '/api/auth/password/forgot',
    body: forgotPasswordBodySchema,
    responses: { 202: z.object({ accepted: z.literal(true) }), ...conflict },
    public: true,
    tags: authTags,
  }),
  resetPassword: defineOperation({
    method: 'POST',
    path: '/api/auth/password/reset',
    body: resetPasswordBodySchema,
    responses: { 204: z.null(), ...conflict },
    public: true,
    tags: authTags,
  }),
  changePassword: defineOperation({
    method: 'POST',
    path: '/api/auth/password/change',
    body: changePasswordBodySchema,
    responses: { 204: z.null(), ...conflict },
    passwordStep: true,
    tags: authTags,
  }),
  impersonate: defineOperation({
    method: 'POST',
    path: '/api/auth/impersonate',
    body: impersonateBodySchema,
    responses: { 200: impersonateResponseSchema, ...conflict },
    permission: 'super.impersonate',
    tags: authTags,
  }),
  /** The same as `auth/me`, asked by user id (spec part 7); another user's id answers 404. */
  userSessionData: defineOperation({
    method: 'GET',
    path: '/api/users/:id/user_session_data',
    params: idParamsSchema,
    responses: { 200: sessionStateSchema, ...conflict },
    ...beforeFullSession,
    tags: ['users'],
  }),
  endImpersonation: defineOperation({
    method: 'POST',
    path: '/api/auth/impersonate/end',
    responses: { 200: endImpersonationResponseSchema, ...conflict },
    ...beforeFullSession,
    tags: authTags,
  }),
  sendMfaCode: defineOperation({
    method: 'POST',
    path: '/api/users/mfa/send_code',
    body: mfaSendCodeBodySchema,
    responses: { 200: mfaSendCodeResponseSchema, ...mfaProblems },
    ...beforeFullSession,
    tags: mfaTags,
  }),
  validateMfaCode: defineOperation({
    method: 'POST',
    path: '/api/users/mfa/validate_code',
    body: mfaValidateCodeBodySchema,
    responses: { 200: mfaValidateCodeResponseSchema, ...mfaProblems },
    ...beforeFullSession,
    tags: mfaTags,
  }),
  setUpTotp: defineOperation({
    method: 'POST',
    path: '/api/users/mfa/totp/setup',
    responses: { 200: totpSetupResponseSchema, ...mfaProblems },
    tags: mfaTags,
  }),
  enableTotp: defineOperation({
    method: 'POST',
    path: '/api/users/mfa/totp/enable',
    body: totpEnableBodySchema,
    responses: { 204: z.null(), ...mfaProblems },
    tags: mfaTags,
  }),
  changeMfaMethod: defineOperation({
    method: 'PUT',
    path: '/api/users/mfa/method',
    body: mfaMethodBodySchema,
    responses: { 204: z.null(), ...mfaProblems },
    tags: mfaTags,
  }),
};

/** The link e-mailed to a new address; 409 when another user took the address since. */
export const confirmEmail = defineOperation({
  method: 'POST',
  path: '/api/users/confirm_email',
  body: confirmEmailBodySchema,
  responses: { 200: confirmEmailResponseSchema, ...conflict },
  public: true,
  summary: 'Confirm a new e-mail address through the link sent to it',
  tags: ['users'],
});

/** Profile and avatar: a new e-mail already in use (409), an image too large (413). */
const profileProblems = problemResponses(409, 413);
export const profileOperations = {
  update: defineOperation({
    method: 'PUT',
    path: '/api/profile',
    body: profileUpdateSchema,
    responses: { 200: sessionUserSchema, ...profileProblems },
    permission: 'profile.edit',
    tags: ['profile'],
  }),
  uploadAvatar: defineOperation({
    method: 'POST',
    path: '/api/files/avatar',
    body: avatarBodySchema,
    responses: { 200: avatarResponseSchema, ...profileProblems },
    permission: 'profile.edit',
    tags: ['files'],
  }),
};
