import { accountType, HOUSE_ACCOUNT_CODE } from './accounts';
import { credentialsDestination, isStoreOnlySoftware, STORE_ONLY_SOFTWARE } from './software';

/**
 * The account types that hold other accounts (part 3: studio → sub-studio or branch office →
 * school): a Studio (9) or a Sales Rep / Branch Office (10). Schools, churches, teams and the rest
 * are leaves.
 */
export const PARENT_ACCOUNT_TYPES = [accountType.Studio, accountType.SalesRepBranchOffice] as const;

export function isParentAccountType(type: number): boolean {
  return (PARENT_ACCOUNT_TYPES as readonly number[]).includes(type);
}

/**
 * Account codes: a letter by kind, then at least five digits (S10000 a studio, R20000 a branch
 * office, A30001 a school). The house account S00001 is the one fixed code.
 */
export function accountCodePrefix(type: number): 'S' | 'R' | 'A' {
  if (type === accountType.Studio) return 'S';
  if (type === accountType.SalesRepBranchOffice) return 'R';
  return 'A';
}

export function formatAccountCode(type: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError(`Invalid account sequence ${sequence}`);
  return `${accountCodePrefix(type)}${String(sequence).padStart(5, '0')}`;
}

export function isHouseAccount(account: { readonly code?: string | null } | null | undefined): boolean {
  return account?.code === HOUSE_ACCOUNT_CODE;
}

export interface FieldViolation {
  readonly path: string;
  readonly message: string;
}

export interface ProjectSoftwareInput {
  /** The software of the account the project belongs to. */
  readonly accountTypeSoftware: number;
  readonly typeSoftware?: number | null;
  readonly typeCredentialsDestination?: number | null;
}

/**
 * The Store Only rule (software 9): a Store Only account only runs an online store and builds no
 * book in layout software. Its projects therefore carry Store Only as their software (or none yet)
 * and send no software credentials; and a Store Only project only belongs to a Store Only account.
 */
export function projectSoftwareViolation(input: ProjectSoftwareInput): FieldViolation | null {
  const accountStoreOnly = isStoreOnlySoftware(input.accountTypeSoftware);
  const software = input.typeSoftware ?? null;
  if (accountStoreOnly) {
    if (software !== null && software !== STORE_ONLY_SOFTWARE) {
      return {
        path: 'typeSoftware',
        message: 'This account is Store Only: its projects use no layout software (choose Store Only).',
      };
    }
    if ((input.typeCredentialsDestination ?? credentialsDestination.NA) !== credentialsDestination.NA) {
      return {
        path: 'typeCredentialsDestination',
        message: 'A Store Only account gets no software credentials (choose N/A).',
      };
    }
    return null;
  }
  if (isStoreOnlySoftware(software)) {
    return {
      path: 'typeSoftware',
      message: 'Store Only is for accounts whose software is Store Only; change the account first.',
    };
  }
  return null;
}

/** Whether an account may use a layout software's user accounts (add_user): any software but none and Store Only. */
export function usesLayoutSoftware(typeSoftware: number | null | undefined): boolean {
  return typeSoftware !== null && typeSoftware !== undefined && typeSoftware > 0 && !isStoreOnlySoftware(typeSoftware);
}
