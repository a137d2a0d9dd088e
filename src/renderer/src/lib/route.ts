/**
 * The app's one router: every place lives in the URL hash, so a reload (or a test, a link, a
 * notification) lands on the same view.
 * - `#/` the library; `#/puzzle/12` puzzle 12 in its family's editor;
 * - `#/runs` (live), `#/runs/live/7`, `#/runs/history`, `#/runs/compare/3,5,8`, `#/runs/run/12`;
 * - `#/studies` the studies, `#/studies/4` study 4's results.
 * `router.svelte.ts` holds the current route as reactive state.
 */
export type Route = { view: 'library' } | { view: 'puzzle'; id: number } | { view: 'runs'; runs: RunsRoute } | { view: 'studies'; id: number | null };

export function parseRoute(hash: string): Route {
  const runs = parseRunsHash(hash);
  if (runs) return { view: 'runs', runs };
  const st = /^#?\/?studies(?:\/(\d{1,15}))?\/?$/.exec(hash.trim());
  if (st) return { view: 'studies', id: st[1] ? id(st[1]) : null };
  const m = /^#?\/?puzzle\/(\d{1,15})\/?$/.exec(hash.trim());
  if (m) {
    const id = Number(m[1]);
    if (Number.isSafeInteger(id) && id >= 1) return { view: 'puzzle', id };
  }
  return { view: 'library' };
}

export function routeHash(route: Route): string {
  if (route.view === 'runs') return runsHash(route.runs);
  if (route.view === 'studies') return route.id === null ? '#/studies' : `#/studies/${route.id}`;
  return route.view === 'puzzle' ? `#/puzzle/${route.id}` : '#/';
}

export type RunsRoute =
  { section: 'dashboard'; runId?: number } | { section: 'history' } | { section: 'compare'; ids: number[] } | { section: 'run'; runId: number };

const id = (s: string): number | null => {
  if (!/^\d{1,15}$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
};

/** The runs route of a hash, or null when the hash is not a runs view. */
export function parseRunsHash(hash: string): RunsRoute | null {
  const path = hash
    .trim()
    .replace(/^#?\/?/, '')
    .replace(/\/$/, '');
  const parts = path.split('/');
  if (parts[0] !== 'runs') return null;
  if (parts.length === 1) return { section: 'dashboard' };
  if (parts[1] === 'history' && parts.length === 2) return { section: 'history' };
  if (parts[1] === 'compare' && parts.length <= 3) {
    const ids = (parts[2] ?? '').split(',').filter(Boolean).map(id);
    return { section: 'compare', ids: [...new Set(ids.filter((x): x is number => x !== null))].slice(0, 24) };
  }
  if (parts[1] === 'run' && parts.length === 3) {
    const runId = id(parts[2]!);
    if (runId !== null) return { section: 'run', runId };
  }
  if (parts[1] === 'live' && parts.length === 3) {
    const runId = id(parts[2]!);
    if (runId !== null) return { section: 'dashboard', runId };
  }
  return { section: 'dashboard' };
}

export function runsHash(r: RunsRoute): string {
  switch (r.section) {
    case 'dashboard':
      return r.runId ? `#/runs/live/${r.runId}` : '#/runs';
    case 'history':
      return '#/runs/history';
    case 'compare':
      return `#/runs/compare/${r.ids.join(',')}`;
    case 'run':
      return `#/runs/run/${r.runId}`;
  }
}

/** True for any runs view. */
export const isRunsHash = (hash: string): boolean => parseRunsHash(hash) !== null;
