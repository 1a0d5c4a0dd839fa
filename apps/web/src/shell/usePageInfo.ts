import type { AdminPage } from '@colophon/domain';
import { useMatches } from '@tanstack/react-router';

/** The catalogue page of the deepest matched route (its title, group and permission). */
export function useCurrentPage(): AdminPage | undefined {
  return useMatches({
    select: (matches) => {
      for (let index = matches.length - 1; index >= 0; index -= 1) {
        const page = matches[index]?.staticData?.page;
        if (page) return page;
      }
      return undefined;
    },
  });
}
