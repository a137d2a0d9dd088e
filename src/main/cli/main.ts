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
import { commandUsage, USAGE, version } from './usage';
import { sayChoices } from './choices';
import { AmbiguousReadingError } from '../../core/document/readings';
import { outputFailure, quietWhenReaderGoes } from './pipes';

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

/** `workbench --db X runs` as `workbench runs --db X`: people put the option every command takes first. */
function dbAfterCommand(argv: string[]): string[] {
  const [first, ...rest] = argv;
  if (first === '--db' && rest.length >= 2) return [rest[1], '--db', rest[0], ...rest.slice(2)];
  if (first?.startsWith('--db=') && rest.length >= 1) return [rest[0], first, ...rest.slice(1)];
  return argv;
}

/** `--help` or `-h` among a command's arguments, before a `--` that ends the options. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Commands whose own options pick a reading of the file they read (--format, --order, --frame, ...). */
const READS_WITH_OPTIONS = new Set(['import', 'score', 'solve', 'analyze']);

/** Every failure is one line on stderr and a non-zero exit; never a stack trace. */
export async function main(argv: string[]): Promise<number> {
  quietWhenReaderGoes(process.stdout);
  quietWhenReaderGoes(process.stderr);
  const [command, ...rest] = dbAfterCommand(argv);
  if (command === '--version' || command === '-V' || command === 'version') {
    process.stdout.write(`workbench ${version()}\n`);
    return 0;
  }
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    const asked = command && rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0]) ? rest[0] : undefined;
    // Asked for, the usage is the answer (stdout, 0); with no command at all it is the error (stderr, 2).
    (command ? process.stdout : process.stderr).write(asked ? commandUsage(asked) : USAGE);
    return command ? 0 : 2;
  }
  const fn = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!fn) {
    const what = command.startsWith('-') ? `a command comes first, got the option "${oneLine(command)}"` : `unknown command "${oneLine(command)}"`;
    process.stderr.write(`workbench: ${what} (try: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  if (asksForHelp(rest)) {
    process.stdout.write(commandUsage(command));
    return 0;
  }
  let code: number;
  try {
    code = await fn(rest);
  } catch (e) {
    if (e instanceof AmbiguousReadingError && READS_WITH_OPTIONS.has(command)) code = sayChoices(command, rest, e);
    else {
      const msg = e instanceof Error ? e.message : String(e);
      process.stderr.write(`workbench ${oneLine(command)}: ${oneLine(msg)}\n`);
      if (process.env.WORKBENCH_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
      code = 2;
    }
  }
  // Output that could not be written (a full disk) fails a command that did its work; said in pipes.ts.
  return (await outputFailure()) && code === 0 ? 1 : code;
}
