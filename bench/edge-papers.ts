/**
 * `npm run bench -- edge-papers [--quick] [--only niang,aspinall,msgvns]`: our edge-matching
 * numbers beside the papers' (literature.md sections 1-3), written to bench/results/edge-papers.md.
 * Each section lives in bench/edge-papers/<section>.ts and returns markdown.
 */
import { fileURLToPath } from 'node:url';
import { machine, options, writeResult } from './util';

export interface SectionOptions {
  /** Small budgets for a smoke run; the full run reproduces the papers' protocol. */
  quick: boolean;
  raw: Record<string, string | true>;
  log(line: string): void;
}
export type Section = (opts: SectionOptions) => Promise<string>;

const SECTIONS: Record<string, () => Promise<{ section: Section }>> = {
  niang: () => import('./edge-papers/niang'),
  aspinall: () => import('./edge-papers/aspinall'),
  msgvns: () => import('./edge-papers/msgvns'),
};

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const only = typeof o.only === 'string' ? o.only.split(',') : Object.keys(SECTIONS);
  const parts: string[] = [`# Edge matching: our numbers beside the papers'\n`, `${new Date().toISOString().slice(0, 10)} on ${machine()}${o.quick ? ' (quick run: reduced budgets)' : ''}\n`];
  for (const name of only) {
    const load = SECTIONS[name];
    if (!load) throw new Error(`unknown section ${name} (known: ${Object.keys(SECTIONS).join(', ')})`);
    const { section } = await load();
    const md = await section({ quick: !!o.quick, raw: o, log: (l) => process.stderr.write(`${l}\n`) });
    process.stdout.write(`${md}\n`);
    parts.push(md);
  }
  const out = fileURLToPath(new URL(`./results/edge-papers${o.quick ? '-quick' : ''}.md`, import.meta.url));
  writeResult(out, `${parts.join('\n')}\n`);
  process.stderr.write(`written to ${out}\n`);
}
