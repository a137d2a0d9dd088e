/**
 * The app's location, kept in the URL hash so a reload (or a test) lands on the same view:
 * `#/` = the library, `#/puzzle/12` = puzzle 12 in its family's editor.
 */
export type Route = { view: 'library' } | { view: 'puzzle'; id: number };

export function parseRoute(hash: string): Route {
  const m = /^#?\/?puzzle\/(\d{1,15})\/?$/.exec(hash.trim());
  if (m) {
    const id = Number(m[1]);
    if (Number.isSafeInteger(id) && id >= 1) return { view: 'puzzle', id };
  }
  return { view: 'library' };
}

export function routeHash(route: Route): string {
  return route.view === 'puzzle' ? `#/puzzle/${route.id}` : '#/';
}
