import {
  createUserPermissions,
  getUserNotifications,
  getUserPermissions,
  linkUserAccount,
  listUserAccounts,
  type OperationOutput,
  unlinkUserAccount,
  updateUserNotifications,
  updateUserPermissions,
  type userCreateSchema,
  type userPermissionsBodySchema,
  usersContract,
  type userUpdateSchema,
} from '@colophon/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { createQueryKeys, createResource, useInvalidatingMutation } from '../../lib/resource';

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
export type UserPermissions = OperationOutput<typeof getUserPermissions>;
export type UserPermissionsBody = z.output<typeof userPermissionsBodySchema>;
export type UserNotifications = OperationOutput<typeof getUserNotifications>;
export type UserAccount = OperationOutput<typeof linkUserAccount>;

/** /api/users: the generic five routes, the export, and the nested permission and notification calls. */
export const usersResource = createResource(usersContract);
const userKeys = usersResource.keys;

export const userPermissionsOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userKeys.detail(userId), 'permissions'],
    queryFn: ({ signal }) => call(getUserPermissions, { params: { id: userId } }, signal),
  });

export function useSaveUserPermissions(userId: number, exists: boolean) {
  return useInvalidatingMutation<UserPermissions, UserPermissionsBody>([userKeys.all], {
    mutationFn: (body) =>
      call(exists ? updateUserPermissions : createUserPermissions, { params: { id: userId }, body }),
  });
}

export const userNotificationsOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userKeys.detail(userId), 'notifications'],
    queryFn: ({ signal }) => call(getUserNotifications, { params: { id: userId } }, signal),
  });

export function useSaveUserNotifications(userId: number) {
  return useInvalidatingMutation<UserNotifications, UserNotifications['preferences']>([userKeys.all], {
    mutationFn: (preferences) => call(updateUserNotifications, { params: { id: userId }, body: { preferences } }),
  });
}

/** /api/user_accounts: the accounts linked to a user. */
export const userAccountKeys = createQueryKeys('user_accounts');

export const userAccountsOptions = (userId: number) =>
  queryOptions({
    queryKey: userAccountKeys.list({ userId }),
    queryFn: ({ signal }) => call(listUserAccounts, { query: { userId, perPage: 100, sort: 'accountName' } }, signal),
  });

export function useLinkAccount() {
  return useInvalidatingMutation<UserAccount, { userId: number; accountId: number }>(
    [userAccountKeys.all, userKeys.all],
    { mutationFn: (body) => call(linkUserAccount, { body }) },
  );
}

export function useUnlinkAccount() {
  return useInvalidatingMutation<unknown, number>([userAccountKeys.all, userKeys.all], {
    mutationFn: (id) => call(unlinkUserAccount, { params: { id } }),
  });
}

/** The account picker: the caller's own account tree, searched by name or code. */
