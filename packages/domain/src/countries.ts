import { accountLineage } from './accountTree';
import { defineEnumeration } from './enumeration';
import { isSuperAdmin, type SessionUserLike } from './session';

/** Countries (part 3 option lists). Brazil is offered only to permitted users. */
export const country = defineEnumeration([
  { code: 'US', label: 'United States' },
  { code: 'CA', label: 'Canada' },
  { code: 'BR', label: 'Brazil' },
] as const);
export type CountryCode = (typeof country.codes)[number];

export const BRAZIL = 'BR' satisfies CountryCode;

/** The country picker's options: United States and Canada, plus Brazil for permitted users. */
export function countryOptions(canSeeBrazil: boolean): { value: string; label: string }[] {
  return country.options(canSeeBrazil ? country.codes : country.codes.filter((code) => code !== BRAZIL));
}

/** An account with its country and (optionally) its parent and grandparent. */
export interface AccountWithCountry {
  readonly country?: string | null;
  readonly parent?: AccountWithCountry | null;
}

/**
 * Part 6: Brazil options are visible to super admins and to users with an account, parent or
 * grandparent in Brazil.
 */
export function canSeeBrazil(
  user: SessionUserLike | null | undefined,
  accounts: readonly AccountWithCountry[] | null | undefined,
): boolean {
  if (isSuperAdmin(user)) return true;
  return (accounts ?? []).some((account) =>
    accountLineage(account)
      .slice(0, 3)
      .some((node) => node.country === BRAZIL),
  );
}
