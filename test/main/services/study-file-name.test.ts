/** Issue 21, item 8: a study file's error names the file the person chose, once. */
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { apiHandlers } from '../../../src/main/services/backend';
import { Workbench } from '../../../src/main/services/workbench';
import { repoRoot } from '../../helpers/cli';
import { inProcessSpawner } from '../runs/in-process';

const open: Workbench[] = [];
afterEach(async () => {
  for (const wb of open.splice(0)) await wb.dispose();
});

it('names the chosen file in a study file error, once', async () => {
  const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
  open.push(wb);
  const h = apiHandlers(wb, { resourcesDir: join(repoRoot, 'resources') });
  const bad = JSON.stringify({ name: 'x', puzzles: [], solvers: [{ solver: 'sa' }], seeds: 1, stop: { evaluations: 10 } });
  let message = '';
  try {
    await h.createStudy({ text: bad, fileName: '/home/me/my-study.json' });
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).toMatch(/^my-study\.json\b/);
  expect(message.split('my-study.json').length - 1).toBe(1);
  expect(message).not.toMatch(/(^|[^-])study\.json:/);
});
