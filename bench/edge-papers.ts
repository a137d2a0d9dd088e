/**
 * `npm run bench -- edge-papers [--quick] [--only niang,aspinall,msgvns]`: our edge-matching
 * numbers beside the papers' (literature.md sections 1-3), written to bench/results/edge-papers.md.
 * Each section lives in bench/edge-papers/<section>.ts and returns markdown starting with
 * `## <name>`; `--only` replaces those sections in the results file and keeps the others. Every
 * section is a thin driver over studies: it runs its paper's template of resources/studies (cut
 * down and shortened by its options and `--quick`) the way `workbench study run` does, and writes
 * the study's figures beside the paper's; `--concurrency N` sets the runs at once (default: cores - 1).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Section } from './edge-papers/section';
import { machine, markdownSections, options, writeResult } from './util';

const SECTIONS: Record<string, () => Promise<{ section: Section }>> = {
  niang: () => import('./edge-papers/niang'),
  aspinall: () => import('./edge-papers/aspinall'),
  msgvns: () => import('./edge-papers/msgvns'),
};

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const only = typeof o.only === 'string' ? o.only.split(',') : Object.keys(SECTIONS);
  const head = `# Edge matching: our numbers beside the papers'\n${o.quick ? '\nQuick runs: reduced budgets.\n' : ''}`;
  const out = fileURLToPath(new URL(`./results/edge-papers${o.quick ? '-quick' : ''}.md`, import.meta.url));
  const kept = existsSync(out) ? markdownSections(readFileSync(out, 'utf8'), sectionName) : new Map<string, string>();
  for (const name of only) {
    const load = SECTIONS[name];
    if (!load) throw new Error(`unknown section ${name} (known: ${Object.keys(SECTIONS).join(', ')})`);
    const { section } = await load();
    const md = await section({ quick: !!o.quick, raw: o, log: (l) => process.stderr.write(`${l}\n`) });
    process.stdout.write(`${md}\n`);
    // Sections are rerun one at a time (hours each), so each keeps the date and command it came from.
    const stamp = `_${new Date().toISOString().slice(0, 10)} on ${machine()}: \`npm run bench -- edge-papers ${argv.join(' ')}\`_`;
    const lines = md.trim().split('\n');
    kept.set(name, `${[lines[0], '', stamp, ...lines.slice(1)].join('\n')}\n`);
  }
  const body = Object.keys(SECTIONS)
    .filter((name) => kept.has(name))
    .map((name) => kept.get(name));
  writeResult(out, `${[head, ...body].join('\n')}`);
  process.stderr.write(`written to ${out}\n`);
}

/** `## niang: ...` -> niang, when it names a section. */
function sectionName(heading: string): string | null {
  const name = /^\w+/.exec(heading)?.[0] ?? '';
  return name in SECTIONS ? name : null;
}
