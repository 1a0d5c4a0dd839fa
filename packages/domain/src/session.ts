import { HOUSE_ACCOUNT_CODE, whereCreated } from './accounts';
import { isStoreOnlySoftware, softwareType } from './software';

/**
 * The parts of a session user the rules read. The spec keeps `bSuperAdmin` inside
 * `userPermission`; a flat `bSuperAdmin` (as `AccessSubject` has) is honoured too.
 */
export interface SessionUserLike {
  readonly bSuperAdmin?: boolean | number | null;
  readonly userPermission?: { readonly bSuperAdmin?: boolean | number | null } | null;
}

/** Part 6: a super administrator has the flag bSuperAdmin. */
export function isSuperAdmin(user: SessionUserLike | null | undefined): boolean {
  return Boolean(user?.bSuperAdmin || user?.userPermission?.bSuperAdmin);
}

/** Part 6: a school user is anyone who is neither a super admin nor a studio user. */
export function isSchoolUser(user: SessionUserLike | null | undefined, isStudioUser: boolean): boolean {
  return !isSuperAdmin(user) && !isStudioUser;
}

export interface IdentitySession {
  readonly token?: string | null;
  /** When the identity token expires: a Date, epoch milliseconds or an ISO string. */
  readonly expiresAt?: Date | number | string | null;
}

/**
 * Part 5: a session is valid only if an identity token exists and has not expired. A session with
 * no (or an unreadable) expiry cannot be shown unexpired, so it is not valid.
 */
export function isSessionValid(session: IdentitySession | null | undefined, now: Date = new Date()): boolean {
  if (!session?.token) return false;
  const { expiresAt } = session;
  if (expiresAt === null || expiresAt === undefined) return false;
  const expiry = expiresAt instanceof Date ? expiresAt.getTime() : new Date(expiresAt).getTime();
  return Number.isFinite(expiry) && expiry > now.getTime();
}

export interface ImmediateAccountLike {
  readonly code?: string | null;
}

/**
 * Part 6: a user counts as super for request headers if bSuperAdmin is set or the first immediate
 * account is the house account S00001.
 */
export function isSuperForRequestHeaders(
  user: SessionUserLike | null | undefined,
  immediateAccounts: readonly ImmediateAccountLike[] | null | undefined,
): boolean {
  return isSuperAdmin(user) || immediateAccounts?.[0]?.code === HOUSE_ACCOUNT_CODE;
}

export interface AccountSoftwareLike {
  readonly typeSoftware?: number | null;
  readonly typeWhereCreated?: number | null;
}

/**
 * Part 6: a school user has software if any account has typeSoftware above 0, typeWhereCreated 1
 * (created by the school) and software not Store Only, and the user is not a studio user. Super
 * admins are not school users (part 6), so they never count either.
 */
export function schoolUserHasSoftware(
  user: SessionUserLike | null | undefined,
  accounts: readonly AccountSoftwareLike[] | null | undefined,
  isStudioUser: boolean,
): boolean {
  if (!isSchoolUser(user, isStudioUser)) return false;
  return (accounts ?? []).some(
    (account) =>
      (account.typeSoftware ?? softwareType.NonePDFSubmission) !== softwareType.NonePDFSubmission &&
      account.typeWhereCreated === whereCreated.School &&
      !isStoreOnlySoftware(account.typeSoftware),
  );
}
