/**
 * `workbench worker --redis URL [--concurrency N] [--passes N]`: run solver jobs from a
 * coordinator's Redis queue on this machine (see studies/redis), and the pass jobs of spread runs
 * (see src/main/spread). No database here: everything goes back through Redis.
 */
import { defaultConcurrency } from '../runs/manager';
import { durationText } from '../../core/text/numbers';
import { nodeWorkerSpawner } from '../runs/node-host';
import { connectRedis, maskRedisUrl } from '../studies/redis/connection';
import { RunWorker } from '../studies/redis/worker';
import { PassWorker } from '../spread/pass-worker';
import { intOption, numberOption, parse, UsageError } from './args';

export async function worker(argv: string[]): Promise<number> {
  const { values: v } = parse(
    argv,
    { redis: { type: 'string' }, concurrency: { type: 'string' }, passes: { type: 'string' }, 'lock-seconds': { type: 'string' }, quiet: { type: 'boolean' } },
    0,
  );
  if (v.redis === undefined) throw new UsageError('worker needs --redis URL (the Redis server of the coordinator, e.g. redis://:password@host:6379)');
  const concurrency = intOption('concurrency', v.concurrency, 1) ?? defaultConcurrency();
  // Pass jobs of spread runs at once (0: none); a machine serves a study's runs or a spread run's passes at a time.
  const passes = intOption('passes', v.passes, 0) ?? concurrency;
  const lockSeconds = numberOption('lock-seconds', v['lock-seconds']);
  if (lockSeconds !== undefined && lockSeconds < 0.5) throw new UsageError(`--lock-seconds must be at least 0.5, got ${lockSeconds}`);
  const redis = await connectRedis(v.redis);
  const log = (line: string): void => {
    if (!v.quiet) process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  };
  const w = new RunWorker({
    redis,
    spawn: nodeWorkerSpawner(),
    concurrency,
    ...(lockSeconds !== undefined ? { lockDurationMs: Math.round(lockSeconds * 1000) } : {}),
    onRun: (e) =>
      log(
        'ended' in e
          ? `run ${e.runId}: ${e.ended}`
          : `run ${e.runId}: ${e.from === null ? 'started' : `resumed from its checkpoint at ${durationText(e.from)}`} (attempt ${e.attempt})`,
      ),
  });
  const p =
    passes > 0
      ? new PassWorker({
          redis,
          spawn: nodeWorkerSpawner(),
          concurrency: passes,
          ...(lockSeconds !== undefined ? { lockDurationMs: Math.round(lockSeconds * 1000) } : {}),
          onPass: (e) => log('ended' in e ? `spread run ${e.runId} pass ${e.n}: ${e.ended}` : `spread run ${e.runId} pass ${e.n}: from ${e.from ?? 'empty'}`),
        })
      : null;
  await w.ready();
  await p?.ready();
  // The ready line goes to stdout, so scripts (and tests) can wait for it.
  process.stdout.write(`worker ready: ${concurrency} at once, ${passes} passes at once, queue on ${maskRedisUrl(v.redis)}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log('leaving: runs in progress go to other workers from their checkpoints');
  await Promise.all([w.dispose(), p?.dispose()]);
  redis.disconnect();
  return 0;
}
