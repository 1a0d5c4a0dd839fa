import type {
  ListEnvelope,
  User,
  userAccountSchema,
  userCreateSchema,
  userNotificationsSchema,
  userPermissionsBodySchema,
  userPermissionsSchema,
  userUpdateSchema,
} from '@colophon/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { createQueryKeys, createResource, useInvalidatingMutation } from '../../lib/resource';

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
export type UserPermissions = z.infer<typeof userPermissionsSchema>;
export type UserPermissionsBody = z.output<typeof userPermissionsBodySchema>;
export type UserNotifications = z.infer<typeof userNotificationsSchema>;
export type UserAccount = z.infer<typeof userAccountSchema>;

/** /api/users: the generic five routes, the export, and the nested permission and notification calls. */
export const usersResource = createResource<User, UserCreate, UserUpdate>('users');
const userKeys = usersResource.keys;

export const userPermissionsOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userKeys.detail(userId), 'permissions'],
    queryFn: ({ signal }) => api.get<UserPermissions>(`/users/${userId}/user_permissions`, undefined, signal),
  });

export function useSaveUserPermissions(userId: number, exists: boolean) {
  return useInvalidatingMutation<UserPermissions, UserPermissionsBody>([userKeys.all], {
    mutationFn: (body) =>
      exists
        ? api.put<UserPermissions>(`/users/${userId}/user_permissions`, body)
        : api.post<UserPermissions>(`/users/${userId}/user_permissions`, body),
  });
}

export const userNotificationsOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userKeys.detail(userId), 'notifications'],
    queryFn: ({ signal }) => api.get<UserNotifications>(`/users/${userId}/user_notifications`, undefined, signal),
  });

export function useSaveUserNotifications(userId: number) {
  return useInvalidatingMutation<UserNotifications, UserNotifications['preferences']>([userKeys.all], {
    mutationFn: (preferences) => api.put<UserNotifications>(`/users/${userId}/user_notifications`, { preferences }),
  });
}

/** /api/user_accounts: the accounts linked to a user. */
export const userAccountKeys = createQueryKeys('user_accounts');

export const userAccountsOptions = (userId: number) =>
  queryOptions({
    queryKey: userAccountKeys.list({ userId }),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<UserAccount>>('/user_accounts', { userId, perPage: 100, sort: 'accountName' }, signal),
  });

export function useLinkAccount() {
  return useInvalidatingMutation<UserAccount, { userId: number; accountId: number }>(
    [userAccountKeys.all, userKeys.all],
    { mutationFn: (body) => api.post<UserAccount>('/user_accounts', body) },
  );
}

export function useUnlinkAccount() {
  return useInvalidatingMutation<unknown, number>([userAccountKeys.all, userKeys.all], {
    mutationFn: (id) => api.delete<unknown>(`/user_accounts/${id}`),
  });
}

/** The account picker: the caller's own account tree, searched by name or code. */
