import { defaultBookmarks, STARRED_PAGES_MAX } from '@colophon/domain';
import { useLocalStorage } from '@mantine/hooks';

/** Starred (bookmarked) pages: the part-2 defaults, the person's own additions, at most 10 shown. */
export interface StarredPage {
  title: string;
  path: string;
}

export const STARRED_STORAGE_KEY = 'colophon.starredPages';

function parse(value: string | undefined): StarredPage[] {
  if (value === undefined) return defaultBookmarks.map((page) => ({ ...page }));
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
  const [pages, setPages] = useLocalStorage<StarredPage[]>({
    key: STARRED_STORAGE_KEY,
    defaultValue: defaultBookmarks.map((page) => ({ ...page })),
    getInitialValueInEffect: false,
    serialize: JSON.stringify,
    deserialize: parse,
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
