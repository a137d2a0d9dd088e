import { readFileSync } from 'node:fs';

/** The usage every `workbench help` prints; docs/cli.md's table holds the same options (test/main/cli/usage.test.ts). */
export const USAGE = `usage: workbench <command> [options]   (every command takes --db PATH)

  solve [FILE] [--solver NAME] [--preset NAME] [--family edge|jump|parity] [--size RxC|N] [--remove M]
        [--seconds S [--cpu]] [--evaluations N] [--target T] [--seed N] [--set key=value ...] [--json]
        [--spread --redis URL [--pass-seconds S] [--pool K] [--fresh F]]   (passes on workers elsewhere)
        [--format F] [--order ORDER] [--rotation cw|ccw] [--frame C]   (how FILE is read, as for import)
  runs [--json] [--status S] [--limit N]
  show RUN [--json]
  resume RUN [--set key=value ...] [--json]   (--set: only a memory bound, e.g. memory=4096 for a beam at its widest)
        [--spread --redis URL [--pass-seconds S] [--pool K] [--fresh F]]
  stop RUN
  export RUN [--format text|bucas|json|run] [--out FILE]   (run: the whole run, to import and resume elsewhere)
  solvers [--json]
  import FILE... [--format F] [--size RxC] [--order ORDER] [--rotation cw|ccw] [--frame C]
        [--pieces PIECES | --into ID] [--json]
  import RUNFILE... [--study ID] [--json]   (runs from export --format run; --study: into that study's cells)
  score PIECES [BOARD] [--size RxC] [--order ORDER] [--rotation cw|ccw] [--frame C] [--json]
  analyze FILE | --size N --remove M [--seconds S] [--max-solutions N] [--probes N] [--seed N] [--json]
        [--format F] [--order ORDER] [--rotation cw|ccw] [--frame C]   (how FILE is read, as for import)
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

/**
 * One command's lines of the usage (`study` has several): what `workbench CMD --help` and
 * `workbench help CMD` print. An entry runs from its line to the next line that starts a command.
 */
export function commandUsage(command: string): string {
  const entries = USAGE.split(/\n(?= {2}[a-z])/).slice(1);
  const own = entries.filter((e) => e.trimStart().split(/\s/)[0] === command);
  return `usage: workbench ${own.map((e) => e.trimStart()).join('\n  workbench ')}\n(every command takes --db PATH; docs/cli.md has more)\n`;
}

/** The package's version, read where the CLI runs from (the source tree, through bin/workbench.mjs). */
export function version(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  const v = pkg !== null && typeof pkg === 'object' && 'version' in pkg ? pkg.version : undefined;
  return typeof v === 'string' ? v : 'unknown';
}
