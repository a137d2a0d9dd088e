// The edge-e2 bench's long runs: each kept as a curve (CSV and chart) of its best against CPU
// seconds, shown beside the other overnight runs and the public long-run figures.
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findSolver } from '../../src/core/catalogue/catalogue';
import { decimalText } from '../../src/core/text/numbers';
import { rescoreRunFile } from '../records';
import { mdTable, mean } from '../util';
import { PIN_PUBLIC } from './pinned';
import { LOG, RESULTS, records, runGrid } from './runs';

/** A long run's curve, kept as edge-e2-NAME.csv and .png. */
interface Curve {
  name: string;
  title: string;
}
const HOUR: Curve = { name: 'hour', title: 'One long run' };
const OVERNIGHT: Curve = { name: 'overnight', title: 'Overnight on every core (CPU seconds of all its threads)' };

/**
 * Other overnight runs (`--curve ... --as NAME`: earlier presets or code, other seeds), kept so that
 * the overnight run is seen against them: on its chart and in a table of when each first reached
 * each score.
 */
function otherOvernights(): Curve[] {
  return readdirSync(RESULTS)
    .map((f) => f.match(/^edge-e2-overnight-([a-z0-9-]+)\.csv$/)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort()
    .map(otherOvernight);
}

/** The curve `--as NAME` keeps. */
const otherOvernight = (name: string): Curve => ({ name: `overnight-${name}`, title: `Another overnight run: ${name}` });

/** The other overnight runs' curves as read, each under its NAME. */
const otherOvernightCurves = (): (CurveData & { name: string })[] =>
  otherOvernights().flatMap((c) => {
    const r = readCurve(c);
    return r ? [{ ...r, name: c.name.slice('overnight-'.length) }] : [];
  });

/** The long-run curves the report shows: the one-core hour run, the overnight run and the others. */
export const curves = (): Curve[] => [HOUR, OVERNIGHT, ...otherOvernights()];
const curveCsv = (c: Curve): string => `${RESULTS}edge-e2-${c.name}.csv`;

/** A curve's CSV: its header line, then CPU seconds and best score at every new best. */
interface CurveData {
  head: string;
  pts: [number, number][];
  /** CPU seconds the run went (for a run cut short, as far as its last new best). */
  upTo: number;
}

function readCurve(c: Curve): CurveData | null {
  if (!existsSync(curveCsv(c))) return null;
  const lines = readFileSync(curveCsv(c), 'utf8').trim().split('\n');
  const head = lines[0].replace(/^# /, '');
  const pts = lines.slice(2).map((l) => l.split(',').map(Number) as [number, number]);
  // A run cut short shows the curve only as far as its last new best.
  const cut = head.match(/cut short after (\d+) CPU s/);
  const upTo = cut ? Number(cut[1]) : head.includes('cut short') ? (pts.at(-1)?.[0] ?? 0) : Number(head.match(/(\d+) CPU s/)?.[1] ?? 0);
  return { head, pts, upTo };
}

function writeCurve(c: Curve, head: string, pts: readonly (readonly [number, number])[]): void {
  writeFileSync(curveCsv(c), `${[`# ${head}`, 'cpu_seconds,best', ...pts.map(([t, b]) => `${t.toFixed(2)},${b}`)].join('\n')}\n`);
}

/** The report's section for one curve: its best at round times and the public long-run figures beside it. */
export function curveSection(c: Curve): string[] {
  const curve = readCurve(c);
  if (!curve) return [];
  const { head, pts, upTo } = curve;
  const out = [`## ${c.title}\n`, `${head}. Score against CPU time: \`edge-e2-${c.name}.csv\`, chart \`edge-e2-${c.name}.png\`.\n`];
  const best = pts.at(-1)?.[1];
  if (best !== undefined) out.push(curveCheck(c, best));
  const at = (s: number): number => pts.filter((p) => p[0] <= s).reduce((a, p) => Math.max(a, p[1]), 0);
  const marks = [10, 60, 300, 600, 1200, 1800, 3600, 7200, 14400, 28800, 57600].filter((s) => s <= upTo);
  // The run's end is always a column, so a run shorter than the first mark still shows its best.
  if (!marks.includes(upTo)) marks.push(upTo);
  out.push(mdTable(['CPU s', ...marks.map(String)], [['best', ...marks.map(at)]]), '');
  if (c !== OVERNIGHT) return out;
  const others = otherOvernightCurves();
  if (others.length > 0) {
    // From the first score every run reached to the best any reached.
    const all = [{ name: 'this run', pts, upTo }, ...others];
    const top = Math.max(...all.map((r) => r.pts.at(-1)?.[1] ?? 0));
    const scores = Array.from({ length: 6 }, (_, i) => top - 5 + i);
    out.push(
      'When it first reached each score, beside the other overnight runs (CPU s of all threads; `-`: not in the CPU s it ran):\n',
      mdTable(
        ['run', 'ran, CPU s', ...scores.map(String)],
        all.map((r) => [r.name, String(Math.round(r.upTo)), ...scores.map((sc) => firstReach(r.pts, sc))]),
      ),
      '',
    );
  }
  out.push(
    'The public long-run figures beside it (also marked on the chart):\n',
    mdTable(
      ['public figure', 'CPU s', 'who', 'this run at that time', 'this run first reached it'],
      longPublic().map((p) => [
        p.figure,
        p.seconds ?? 'not stated',
        p.who,
        p.seconds !== undefined && p.seconds <= upTo ? at(p.seconds) : '-',
        firstReach(pts, p.score),
      ]),
    ),
    '',
  );
  return out;
}

/**
 * Whether a curve's best is backed by its run's best board: the run file kept beside its CSV
 * (`edge-e2-NAME.run.json`, `workbench export RUN --format run`) is re-scored with the recorder's check.
 */
function curveCheck(c: Curve, best: number): string {
  const name = `edge-e2-${c.name}.run.json`;
  if (!existsSync(`${RESULTS}${name}`)) return `Its best, ${best}, is as the run reported it: no run file (\`${name}\`) is kept to re-score it.\n`;
  const why = rescoreRunFile(`${RESULTS}${name}`, best);
  if (why === null) return `Its best, ${best}, re-scored from the best board in its run file \`${name}\` with the recorder's check: it holds.\n`;
  process.stderr.write(`edge-e2: refused the curve ${c.name}: ${why}\n`);
  return `**Refused**: the curve's best, ${best}, is not backed by \`${name}\`: ${why}.\n`;
}

/** CPU seconds at which a curve first reached `score`, "-" if it never did. */
export const firstReach = (pts: readonly [number, number][], score: number): string => {
  const p = pts.find((q) => q[1] >= score);
  return p ? `${decimalText(p[0])} s` : '-';
};

/** The public long-run figures the long run is shown beside; `seconds` where the source gives a time. */
function longPublic(): { score: number; figure: string; seconds?: number; who: string; label: string }[] {
  const beam = mean(PIN_PUBLIC[1]!.perVariant);
  return [
    {
      score: 461,
      figure: '461',
      seconds: 3600,
      who: 'Wauters, Vancroonenburg, Vanden Berghe, J. Math. Model. Algorithms 2012: one hour',
      label: 'Wauters et al. 2012: 461 in one hour',
    },
    {
      score: beam,
      figure: `${beam.toFixed(1)} mean`,
      seconds: 155,
      who: 'public beam search at its published setting (beam 80000), run on this machine on e2-8pin variants 00-02 (edge-e2-8pin.md; 8 pieces pinned, a slightly harder puzzle)',
      label: `public beam search, published setting: ${beam.toFixed(1)} at ~155 s (e2-8pin)`,
    },
    { score: 458, figure: '458', who: 'Schaus & Deville, JFPC 2008 (CP + LNS with assignment refills)', label: 'Schaus & Deville 2008: 458' },
  ];
}

/**
 * One long run on Eternity II with the starter piece: its curve is written to edge-e2-hour.csv
 * (the latest long run's), and a finished run is also recorded in edge-e2.jsonl, so long runs of
 * several seeds (`--seed`) fill the report's time-to-target table for their budget.
 */
export async function hour(spec: string, seconds: number, seed: number, o: Record<string, string | true>, log: (l: string) => void): Promise<void> {
  await runGrid(['e2'], [spec], [seed], seconds, o, (done) => {
    const [r] = done.studies.runs(done.id);
    if (!r) throw new Error('the long run was not made');
    for (const rec of records(done, ['e2'], [spec], seconds)) appendFileSync(LOG, `${JSON.stringify(rec)}\n`);
    const events = done.wb.store.events(r.run.id).filter((e) => e.kind === 'improvement');
    const head = r.run.status === 'done' ? `${seconds} CPU s, best ${r.run.bestScore}` : `cut short after ${Math.round(r.run.elapsedMs / 1000)} CPU s`;
    writeCurve(
      HOUR,
      `${spec} on Eternity II (starter piece), seed ${seed}, ${head}, ${new Date().toISOString().slice(0, 10)}`,
      events.map((e) => [e.elapsedMs / 1000, e.bestScore]),
    );
    log(`edge-e2 long ${spec}: ${r.run.bestScore} in ${Math.round(r.run.elapsedMs / 1000)} CPU s`);
  });
  await drawCurve(HOUR, log);
}

/**
 * The overnight curve from a run kept in a workbench database (`--curve FILE:RUN`): a run of
 * hours is made with the CLI (`solve ... --cpu --db FILE`, stopped and resumed across days), and
 * read here as far as it has got, its clock the run's CPU seconds (all its threads).
 */
export async function curveFromDb(spec: string, as: string | undefined, log: (l: string) => void): Promise<void> {
  if (as !== undefined && !/^[a-z0-9-]+$/.test(as)) throw new Error(`--as takes a name of small letters, digits and -, got ${as}`);
  const curve = as === undefined ? OVERNIGHT : otherOvernight(as);
  const { Workbench } = await import('../../src/main/services/workbench');
  const noWorkers = (): never => {
    throw new Error('the curve starts no run');
  };
  const m = spec.match(/^(.+):(\d+)$/);
  // A run file (`workbench export RUN --format run`) is read, checked and re-scored into a database in memory.
  if (!m && !spec.endsWith('.json')) throw new Error(`--curve takes FILE:RUN (a workbench database and a run id) or a run file, got ${spec}`);
  const wb = Workbench.open({ dbPath: m ? m[1]! : ':memory:', spawn: noWorkers });
  const store = wb.store;
  try {
    const id = m ? Number(m[2]) : (await import('../../src/main/services/run-file')).importRunFile(wb, readFileSync(spec, 'utf8'), spec).id;
    const run = store.getRun(id);
    if (!run) throw new Error(`${m?.[1]} has no run ${id}`);
    const events = store.events(run.id).filter((e) => e.kind === 'improvement');
    // The run's settings that are not its solver's defaults (a run stores every parameter).
    const schema = findSolver(run.family, run.solver).params;
    const settings = Object.entries(run.params)
      .filter(([k, v]) => schema[k]?.default !== v)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
    const secs = Math.round(run.elapsedMs / 1000);
    const state = run.status === 'done' ? `${secs} CPU s` : `cut short after ${secs} CPU s (${run.status})`;
    // Settings changed on resumes, where the curve parted from the run its first settings give.
    const changed = run.changes.map((c) => `, ${c.key} ${String(c.from)} → ${String(c.to)} at ${Math.round(c.elapsedMs / 1000)} CPU s`).join('');
    writeCurve(
      curve,
      `${run.solver} (${settings}) on ${run.puzzleName}, seed ${run.seed}${changed}, ${state}, best ${run.bestScore}, ${new Date().toISOString().slice(0, 10)}`,
      events.map((e) => [e.elapsedMs / 1000, e.bestScore]),
    );
    log(`edge-e2 curve of run ${run.id}: ${run.bestScore} in ${secs} CPU s`);
  } finally {
    await wb.dispose();
  }
  await drawCurve(curve, log);
}

/** A curve's line on a chart: the solver and seed its header names, and its best. */
const curveLabel = (name: string, curve: CurveData): string =>
  `${name}${curve.head.replace(/^(\S+).*/, ': $1')}, seed ${curve.head.match(/seed (\d+)/)?.[1] ?? '?'}, best ${curve.pts.at(-1)?.[1] ?? '-'}`;

/** The PNG chart of a curve's CSV (also `--chart` alone, for a run cut short); the overnight run's with the others beside it. */
export async function drawCurve(c: Curve, log: (l: string) => void): Promise<void> {
  const curve = readCurve(c);
  if (!curve) return;
  const spec = curve.head.replace(/^(\S+).*/, '$1');
  const budget = (r: CurveData): number => r.upTo || (r.pts.at(-1)?.[0] ?? 1);
  const beside = c === OVERNIGHT ? otherOvernightCurves().map((r) => ({ label: curveLabel(r.name, r), pts: r.pts, upTo: budget(r) })) : [];
  const label = beside.length > 0 ? curveLabel('overnight', curve) : `${spec}: best matched joins`;
  await chartPng(curve.pts, label, budget(curve), longPublic(), `${RESULTS}edge-e2-${c.name}.png`, beside).catch((e: unknown) =>
    log(`edge-e2: no PNG chart (${e instanceof Error ? e.message : String(e)})`),
  );
}

/** Draws the curve with chart.js in headless Chromium and saves a screenshot. */
async function chartPng(
  pts: [number, number][],
  label: string,
  seconds: number,
  publics: ReturnType<typeof longPublic>,
  file: string,
  beside: readonly { label: string; pts: [number, number][]; upTo: number }[] = [],
): Promise<void> {
  const { chromium } = await import('playwright-core');
  const chartJs = readFileSync(fileURLToPath(new URL('../../node_modules/chart.js/dist/chart.umd.min.js', import.meta.url)), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.WORKBENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
    // The empty board before the first full one would flatten the curve: start at the first board.
    const line = (p: [number, number][], upTo: number): { x: number; y: number }[] => {
      const shown = p.filter(([, y]) => y > 0);
      return [...shown, [upTo, shown.at(-1)?.[1] ?? 0]].map(([x, y]) => ({ x: Math.max(x, 0.01), y }));
    };
    const data = line(pts, seconds);
    const others = beside.map((b) => ({ label: b.label, data: line(b.pts, b.upTo) }));
    const ys = [...data, ...others.flatMap((o) => o.data)].map((p) => p.y).concat(publics.map((p) => p.score));
    const low = Math.floor(Math.min(...ys) / 10) * 10;
    // A join of headroom, so the best is not drawn on the frame.
    const high = Math.max(...ys) + 1;
    const left = Math.min(data[0]?.x ?? 0.01, ...others.map((o) => o.data[0]?.x ?? 0.01));
    const right = Math.max(seconds, ...beside.map((b) => b.upTo), ...publics.map((p) => p.seconds ?? 0));
    // A public figure with a time is a point; one without spans the whole axis as a dashed level.
    const colours = ['#D55E00', '#009E73', '#CC79A7'];
    const datasets = [
      { label, data, stepped: true, borderColor: '#0072B2', borderWidth: 3, pointRadius: 0 },
      // The other runs in greys and dashes (told apart in print too), thinner, under the run itself.
      ...others.map((o, i) => ({
        label: o.label,
        data: o.data,
        stepped: true,
        borderColor: ['#444444', '#888888', '#aaaaaa'][i % 3],
        borderDash: [[], [8, 4], [2, 3]][(i + Math.floor(i / 3)) % 3],
        borderWidth: 1.5,
        pointRadius: 0,
      })),
      ...publics.map((p, i) => ({
        label: p.label,
        data:
          p.seconds !== undefined
            ? [{ x: p.seconds, y: p.score }]
            : [
                { x: left, y: p.score },
                { x: right, y: p.score },
              ],
        borderColor: colours[i % colours.length],
        backgroundColor: colours[i % colours.length],
        ...(p.seconds !== undefined ? { showLine: false, pointRadius: 7, pointStyle: 'triangle' } : { borderDash: [6, 4], pointRadius: 0 }),
      })),
    ];
    await page.setContent(`<html><body style="margin:0;background:#fff"><canvas id="c" width="900" height="500"></canvas><script>${chartJs}</script><script>
      new Chart(document.getElementById('c'), { type: 'line', data: { datasets: ${JSON.stringify(datasets)} },
        options: { animation: false, responsive: false, scales: { x: { type: 'logarithmic', title: { display: true, text: 'CPU seconds (log)' }, ticks: { callback: (v) => (Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? String(v) : '') } }, y: { min: ${low}, max: ${high}, title: { display: true, text: 'matched joins of 480' } } } } });
    </script></body></html>`);
    await page.screenshot({ path: file });
  } finally {
    await browser.close();
  }
}
