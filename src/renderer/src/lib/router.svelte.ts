/**
 * The current route as reactive state, following the URL hash (lib/route.ts parses it). One
 * listener for the whole app; views read `router.route` and move with `router.go(...)`.
 */
import { parseRoute, routeHash, type Route } from './route';

class Router {
  route = $state<Route>(typeof window === 'undefined' ? { view: 'library' } : parseRoute(window.location.hash));

  constructor() {
    if (typeof window !== 'undefined') window.addEventListener('hashchange', () => (this.route = parseRoute(window.location.hash)));
  }

  /** Go to a route (a new history entry when the hash changes). */
  go(route: Route): void {
    const hash = routeHash(route);
    if (window.location.hash !== hash) window.location.hash = hash;
    this.route = route;
  }
}

export const router = new Router();
