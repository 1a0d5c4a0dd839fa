import type { AnyRouter } from '@tanstack/react-router';

/** The admin pages this app has a route for: the routes that declare a catalogue page. */
export function builtPagePaths(router: Pick<AnyRouter, 'routesById'>): Set<string> {
  const paths = new Set<string>();
  for (const route of Object.values(router.routesById) as { options: { staticData?: { page?: { path: string } } } }[]) {
    const path = route.options.staticData?.page?.path;
    if (path) paths.add(path);
  }
  return paths;
}
