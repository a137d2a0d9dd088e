import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBackend } from '../services/backend';
import { listenServer } from '../serve/server';
import { resolveDbPath } from '../paths/user-data';
import { intervals, parse, intOption, UsageError } from './args';
import { escapeControls, oneLine } from '../../core/text/display';
import { exportRun, puzzles, resume, runs, show, solve, solvers, stop } from './commands';
import { generate } from './generate-command';
import { importFiles, score } from './import-commands';
import { study } from './study-commands';
import { worker } from './worker-command';
import { analyze } from './analyze-command';
import { check } from './check-command';
import { outputFailure, quietWhenReaderGoes } from './pipes';

const USAGE = `usage: workbench <command> [options]   (every command takes --db PATH)

  solve [FILE] [--solver NAME] [--preset NAME] [--family edge|jump|parity] [--size RxC|N] [--remove M]
        [--seconds S [--cpu]] [--evaluations N] [--target T] [--seed N] [--set key=value ...] [--json]
        [--spread --redis URL [--pass-seconds S] [--pool K] [--fresh F]]   (passes on workers elsewhere)
  runs [--json] [--status S] [--limit N]
  show RUN [--json]
  resume RUN [--set key=value ...] [--json]   (--set: only a memory bound, e.g. memory=4096 for a beam at its widest)
        [--spread --redis URL [--pass-seconds S] [--pool K] [--fresh F]]
  stop RUN
  export RUN [--format text|bucas|json|run] [--out FILE]   (run: the whole run, to import and resume elsewhere)
  solvers [--json]
  import FILE... [--format F] [--size RxC] [--order ORDER] [--rotation cw|ccw]
        [--pieces PIECES | --into ID] [--json]
  import RUNFILE... [--study ID] [--json]   (runs from export --format run; --study: into that study's cells)
  score PIECES [BOARD] [--size RxC] [--order ORDER] [--rotation cw|ccw] [--json]
  analyze FILE | --size N --remove M [--seconds S] [--max-solutions N] [--probes N] [--seed N] [--json]
  analyze FILE --make-unique [--recolour] [--seconds S] [--out FILE] [--json]
  puzzles [--search TEXT] [--json]
  check                       (SQLite's full integrity check of the database, any size)
  generate --family edge --size RxC [--frame-colours F] [--inner-colours I] [--seed S]
        [--out FILE] [--solution FILE] [--import]
  generate --tetravex --size N [--colours K] [--seed S] [--out FILE] [--solution FILE] [--import]
        (either with [--unique] [--difficulty easy|medium|hard] [--attempts N] [--seconds S]: exactly one solution)
  generate --family jump --size RxC --length L [--seed S] [--attempts N] [--seconds S] [--out FILE] [--import]
  generate --family parity --solutions K [--size N] [--out FILE] [--import]
  serve [--port P] [--host H] [--token T] [--progress-every S] [--redis URL]
  study create FILE.json
  study run ID [--concurrency N] [--redis URL] [--json]
  study show ID [--json|--markdown]
  study export ID [--format csv|markdown|json] [--out FILE]   (markdown to X.md also writes X-cd.svg)
  study stop ID
  study list [--json]
  worker --redis URL [--concurrency N] [--passes N] [--lock-seconds S] [--quiet]
`;

async function serve(argv: string[]): Promise<number> {
  const { values: v } = parse(
    argv,
    {
      db: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      static: { type: 'string' },
      'progress-every': { type: 'string' },
      redis: { type: 'string' },
    },
    0,
  );
  const { progressIntervalMs } = intervals(v);
  const port = intOption('port', v.port, 0, 65535) ?? 5178;
  const staticDir = v.static ?? fileURLToPath(new URL('../../../out/renderer', import.meta.url));
  if (!existsSync(staticDir)) throw new UsageError(`no built renderer at ${staticDir}: run \`npm run build\` first`);
  if (!statSync(staticDir).isDirectory()) throw new UsageError(`--static ${staticDir} is not a folder: give the built renderer's folder`);
  const host = v.host ?? '127.0.0.1';
  // Listen first: a taken port ends the command here, before the backend takes any queued run.
  const server = await listenServer({ port, host, token: v.token, staticDir }).catch((e: unknown) => {
    throw hostError(e, host);
  });
  let backend: Awaited<ReturnType<typeof createBackend>>;
  try {
    backend = await createBackend({
      dbPath: resolveDbPath(v.db),
      workerHost: 'node',
      ...(progressIntervalMs !== undefined ? { progressIntervalMs } : {}),
      ...(v.redis !== undefined ? { redis: v.redis } : {}),
    });
  } catch (e) {
    await server.dispose();
    throw e;
  }
  server.attach(backend);
  // server.url already carries the token when one is required.
  process.stdout.write(`serving ${server.url} on database ${backend.workbench.store.path}\n`);
  await new Promise<void>((resolve) => {
    const quit = (): void => resolve();
    process.once('SIGINT', quit);
    process.once('SIGTERM', quit);
  });
  await server.dispose();
  await backend.dispose();
  return 0;
}

/** A host name that does not resolve, in words; other listen failures are worded by the server. */
function hostError(e: unknown, host: string): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  const where = `cannot listen on host ${escapeControls(host)}`;
  if (code === 'ENOTFOUND' || code === 'EAI_NONAME' || code === 'EAI_NODATA') return new UsageError(`${where}: no such host`);
  if (code === 'EAI_AGAIN') return new UsageError(`${where}: its name could not be looked up now (EAI_AGAIN): try again, or give an address with --host`);
  return e;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  solve,
  runs,
  show,
  resume,
  stop,
  export: exportRun,
  solvers,
  import: importFiles,
  score,
  analyze,
  puzzles,
  check,
  generate,
  serve,
  study,
  worker,
};

/** Every failure is one line on stderr and a non-zero exit; never a stack trace. */
export async function main(argv: string[]): Promise<number> {
  quietWhenReaderGoes(process.stdout);
  quietWhenReaderGoes(process.stderr);
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    // Asked for, the usage is the answer (stdout, 0); with no command at all it is the error (stderr, 2).
    (command ? process.stdout : process.stderr).write(USAGE);
    return command ? 0 : 2;
  }
  const fn = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!fn) {
    process.stderr.write(`workbench: unknown command "${oneLine(command)}" (try: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  let code: number;
  try {
    code = await fn(rest);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`workbench ${oneLine(command)}: ${oneLine(msg)}\n`);
    if (process.env.WORKBENCH_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    code = 2;
  }
  // Output that could not be written (a full disk) fails a command that did its work; said in pipes.ts.
  return (await outputFailure()) && code === 0 ? 1 : code;
}
