/**
 * `solve ... --spread --redis URL` and `resume RUN --spread --redis URL`: one run whose passes
 * `workbench worker` processes on other machines do (see src/main/spread and docs/spread-runs.md).
 * The run is made and followed as any run; only where it is hosted changes.
 */
import type { Params } from '../../core/params/schema';
import type { Workbench } from '../services/workbench';
import { spreadRefusal } from '../spread/beam-start';
import { SPREAD_DEFAULTS, spreadSpawner } from '../spread/host';
import { readSpreadInfo, spreadLines } from '../spread/info';
import { checkRedisUrl, connectRedis } from '../studies/redis/connection';
import { intOption, numberOption, UsageError } from './args';

/** The options of solve and resume for a spread run. */
export const spreadOptions = {
  spread: { type: 'boolean' },
  redis: { type: 'string' },
  'pass-seconds': { type: 'string' },
  pool: { type: 'string' },
  fresh: { type: 'string' },
} as const;

interface SpreadValues {
  spread?: boolean;
  redis?: string;
  'pass-seconds'?: string;
  pool?: string;
  fresh?: string;
}

/** The run about to start or resume: what decides whether it can be spread. */
interface RunKind {
  family: string;
  solver: string;
  params: Params;
  /** The run being resumed, if any. */
  id?: number;
}

/**
 * With `--spread`, have `wb` host the run it starts next on the workers of `--redis` (checked
 * first: a bad URL or an unreachable server is one line, and no run is made). Without it, the
 * spread options are refused, and a spread run resumed says it goes on on this machine alone.
 */
export async function useSpread(v: SpreadValues, wb: Workbench, run: RunKind): Promise<void> {
  if (!v.spread) {
    const given = (['redis', 'pass-seconds', 'pool', 'fresh'] as const).find((k) => v[k] !== undefined);
    if (given) throw new UsageError(`--${given} goes with --spread (a run whose passes workers on other machines do)`);
    if (run.id !== undefined && readSpreadInfo(wb.store, run.id))
      process.stderr.write(
        `run ${run.id} was spread over workers; it goes on on this machine alone from its best board (add --spread --redis URL to spread it again)\n`,
      );
    return;
  }
  if (v.redis === undefined)
    throw new UsageError('--spread needs --redis URL (the Redis server the workers take their passes from, e.g. redis://:password@host:6379)');
  const refusal = spreadRefusal(run.family, run.solver, run.params);
  if (refusal) throw new UsageError(refusal);
  const passSeconds = numberOption('pass-seconds', v['pass-seconds']) ?? SPREAD_DEFAULTS.passSeconds;
  if (!(passSeconds >= 1 && passSeconds <= 86_400)) throw new UsageError(`--pass-seconds must be between 1 and 86400 CPU seconds, got ${passSeconds}`);
  const poolSize = intOption('pool', v.pool, 1, 1000) ?? SPREAD_DEFAULTS.poolSize;
  const fresh = numberOption('fresh', v.fresh) ?? SPREAD_DEFAULTS.fresh;
  if (!(fresh >= 0 && fresh <= 1)) throw new UsageError(`--fresh is the share of passes from empty, between 0 and 1, got ${fresh}`);
  try {
    checkRedisUrl(v.redis);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  // Reached once here, so an unreachable server is one line before anything starts.
  (await connectRedis(v.redis)).disconnect();
  // On a terminal the run's live line is cleared first.
  const log = (line: string): void => void process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${line}\n`);
  const spawn = spreadSpawner({ redisUrl: v.redis, store: wb.store, passSeconds, poolSize, fresh, log });
  wb.runs.hostRunsWith(() => spawn);
}

/** `show`'s lines on a spread run: its workers and rates, both clocks, its pool and its notes. */
export function showSpread(wb: Workbench, runId: number): string[] {
  return spreadLines(readSpreadInfo(wb.store, runId));
}
