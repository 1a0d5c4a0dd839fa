import { resolveTimeZone } from '@colophon/domain';

interface PersonDetails {
  email: string;
  firstName: string;
  lastName: string;
  timezone: string | null | undefined;
}

/**
 * A person's details as their form holds them (one's own profile, a user's drawer), at first and
 * again once saved. The address stays the old one until the new one is confirmed.
 */
export function personDetailsValues(person: PersonDetails) {
  return {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    timezone: resolveTimeZone(person.timezone),
  };
}
