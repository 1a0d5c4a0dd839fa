import type { SessionUser } from '@colophon/contract';
import { adminPageByPath, DEFAULT_STARRED_SHOWN, defaultStarredPaths, STARRED_PAGES_MAX } from '@colophon/domain';
import { useLocalStorage } from '@mantine/hooks';
import { userCan } from '../lib/access';
import { useSession } from '../lib/session';

/** Starred (bookmarked) pages: the default work pages, the person's own additions, at most 10 shown. */
export interface StarredPage {
  title: string;
  path: string;
}

export const STARRED_STORAGE_KEY = 'colophon.starredPages';

/** The starred pages of someone who has starred nothing yet: the default work pages they may open. */
export function defaultStarredPages(user: SessionUser | null | undefined): StarredPage[] {
  return defaultStarredPaths
    .flatMap((path) => {
      const page = adminPageByPath(path);
      return page && userCan(user, page.permission) ? [{ title: page.title, path: page.path }] : [];
    })
    .slice(0, DEFAULT_STARRED_SHOWN);
}

function parse(value: string | undefined, defaults: StarredPage[]): StarredPage[] {
  if (value === undefined) return defaults;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is StarredPage =>
        typeof item === 'object' && item !== null && typeof item.title === 'string' && typeof item.path === 'string',
    );
  } catch {
    return [];
  }
}

export function useStarredPages() {
  const user = useSession()?.user;
  const defaults = defaultStarredPages(user);
  const [pages, setPages] = useLocalStorage<StarredPage[]>({
    key: STARRED_STORAGE_KEY,
    defaultValue: defaults,
    getInitialValueInEffect: false,
    serialize: JSON.stringify,
    deserialize: (value) => parse(value, defaults),
  });
  const isStarred = (path: string) => pages.some((page) => page.path === path);
  const toggle = (page: StarredPage) =>
    setPages((current) =>
      current.some((item) => item.path === page.path)
        ? current.filter((item) => item.path !== page.path)
        : [...current, page],
    );
  return { pages, shown: pages.slice(0, STARRED_PAGES_MAX), isStarred, toggle };
}
