/**
 * The solver catalogue as the backend reports it, fetched once per API and shared by every view
 * (it only changes with a new build): opening History or the launch form does not wait for it again.
 */
import type { SolverInfo, WorkbenchApi } from '../../../main/api/types';

const cache = new WeakMap<object, Promise<SolverInfo[]>>();

export function loadSolvers(api: Pick<WorkbenchApi, 'solvers'>): Promise<SolverInfo[]> {
  let p = cache.get(api);
  if (!p) {
    p = api.solvers({});
    // A failed fetch is not kept: the next view asks again.
    p.catch(() => cache.delete(api));
    cache.set(api, p);
  }
  return p;
}
