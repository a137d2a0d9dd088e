/**
 * The one place that turns run figures into text: numbers, times, durations, scores, statuses,
 * solvers and settings (a study's figures sit beside it, in study-text.ts). The views, the desktop
 * notifications and the CLI all write through it. Pure; every function is deterministic (locale
 * 'en', explicit clocks) so tests and screenshots are stable.
 */
import type { RunClock, RunStatus, StopCriteria, StopReason } from '../engine/run-types';
import type { ParamSchema, ParamSpec, ParamValue, Params } from '../params/schema';
import type { FamilyId } from '../families/family';
import type { WorkTally } from '../engine/work-tally';
import { getFamily } from '../families';
import { countText, decimalText, durationText } from './numbers';

export type { RunStatus } from '../engine/run-types';
export { countText, decimalText, durationText, figureText, limitShareText, shareText, signedText } from './numbers';

/** What the text helpers need of a solver (the catalogue's entries and the API's SolverInfo both fit). */
export interface SolverLike {
  family: FamilyId;
  id: string;
  label: string;
  params: ParamSchema;
}

type RunSummary = { family: FamilyId; solver: string };
type SolverInfo = SolverLike;

const int = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const one = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A puzzle family's name, as the family itself gives it ("Edge matching"). */
export function familyLabel(family: FamilyId): string {
  return getFamily(family).label;
}

/** A family's name in a narrow column or a badge: the first word of its label ("Edge"). */
export function familyShort(family: FamilyId): string {
  return shortLabel(familyLabel(family));
}

/** A family's or kind's label in a narrow column or a badge: its first word ("Edge", "Tetravex"). */
export function shortLabel(label: string): string {
  return label.split(' ', 1)[0]!;
}

/** What a puzzle (already read by its family) is called: "Tetravex", else its family's label. */
export function kindLabel(family: FamilyId, puzzle: unknown): string {
  const f = getFamily(family);
  return f.kindLabel?.(puzzle) ?? f.label;
}

/**
 * A count as a figure card's value: whole up to 9 digits; from a billion (a night's evaluations)
 * "173.5 G" with the whole count as the note, since a card's value holds about 11 characters.
 */
export function countFigure(n: number): { value: string; note?: string } {
  return Math.abs(n) >= 1e9 ? { value: compactCount(n), note: countText(n) } : { value: countText(n) };
}

/** 1234567 → "1.2 M", 12345 → "12.3 k", 999 → "999". */
export function compactCount(n: number): string {
  const a = Math.abs(n);
  if (a >= 1e9) return `${one.format(n / 1e9)} G`;
  if (a >= 1e6) return `${one.format(n / 1e6)} M`;
  if (a >= 1e4) return `${one.format(n / 1e3)} k`;
  return int.format(n);
}

/** Evaluations per second over a whole run; null (shown "—") when it made none or took no time: "0/s" says nothing. */
export function runRate(evaluations: number, elapsedMs: number): number | null {
  return evaluations > 0 && elapsedMs > 0 ? (evaluations / elapsedMs) * 1000 : null;
}

/** Evaluations per second: "12.3 k/s", "850/s", "—" when unknown. */
export function rateText(perSecond: number | null): string {
  if (perSecond === null || !Number.isFinite(perSecond)) return '—';
  return `${compactCount(perSecond)}/s`;
}

/**
 * What is left of a live run: "22 h 41 min left", "3 h 10 min of CPU time left" (`clock` cpu: the
 * pace of its CPU time against the wall not known yet), "until stopped" when it has no limit,
 * undefined while unknown.
 */
export function timeLeftText(remainingMs: number | null, limited: boolean, clock: RunClock = 'wall'): string | undefined {
  if (!limited) return 'until stopped';
  return remainingMs === null ? undefined : `${runTimeText(remainingMs, clock)} left`;
}

/** A run's time on its clock: "4 h 00 min", "4 h 00 min of CPU time" (`short`: "4 h 00 min CPU", for tables). */
export function runTimeText(elapsedMs: number, clock: RunClock = 'wall', short = false): string {
  return short ? onClock(durationText(elapsedMs), clock) : durationText(elapsedMs) + (clock === 'cpu' ? ' of CPU time' : '');
}

/** What a run's time and rate figures count, by its clock: wall time, or the CPU time of its solver process. */
export function clockLabels(clock: RunClock = 'wall'): { elapsed: string; runningTime: string; rate: string; axis: string } {
  return clock === 'cpu'
    ? { elapsed: 'CPU time', runningTime: 'CPU time', rate: 'Per CPU second', axis: 'CPU time' }
    : { elapsed: 'Elapsed', runningTime: 'Running time', rate: 'Per second', axis: 'running time' };
}

/** The one clock runs of these clocks count (absent: the wall's), or `mixed`. */
function commonClock(clocks: readonly (RunClock | undefined)[]): RunClock | 'mixed' {
  const kinds = new Set(clocks.map((c) => c ?? 'wall'));
  return kinds.size > 1 ? 'mixed' : kinds.has('cpu') ? 'cpu' : 'wall';
}

/** The time axis of charts over runs of these clocks: "CPU time", "running time", or both named when they differ. */
export function timeAxisText(clocks: readonly (RunClock | undefined)[]): string {
  const clock = commonClock(clocks);
  return clock === 'mixed' ? 'time (CPU or wall, by setting)' : clockLabels(clock).axis;
}

/** The heading of a time-to-target column over runs of these clocks: "Time to target", "CPU time to target". */
export function timeToTargetHeading(clocks: readonly (RunClock | undefined)[]): string {
  const clock = commonClock(clocks);
  return clock === 'cpu' ? 'CPU time to target' : clock === 'mixed' ? 'Time (CPU or wall, by setting) to target' : 'Time to target';
}

/** A clock for timelines and axes: "0:42", "12:05", "1:02:03". */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

/** A moment of a run: "58 ms", "12.3 s", then the clock "3:05", "1:02:03". */
export function momentText(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${one.format(Math.floor(ms / 100) / 10)} s`;
  return clockText(ms);
}

/** A time as its run counts it, for tables and timelines: "12.3 s", or "12.3 s CPU" for a run on the CPU clock. */
export const onClock = (time: string, clock: RunClock = 'wall'): string => time + (clock === 'cpu' ? ' CPU' : '');

/** Axis tick for a time in ms: "0 s", "20 ms", "0.5 s", "45 s", "2 min", "1 min 30", "3 h", "1 h 15". */
export function axisTime(ms: number): string {
  if (ms > 0 && ms < 100) return `${Number(ms.toPrecision(2))} ms`;
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${one.format(s)} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const r = Math.round(s - m * 60);
    return r === 0 ? `${m} min` : `${m} min ${String(r).padStart(2, '0')}`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.round((s - h * 3600) / 60);
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

const MB = 2 ** 20;
// Intl names the units only: the amounts are counted in 2^20 bytes, as the solvers' bound is.
const megabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 });
const gigabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'gigabyte', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Memory in the units of the solvers' `memory` bound (MB = 2^20 bytes): "312 MB", "1.25 GB",
 * "—" when unknown.
 */
export function bytesText(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes >= 1024 * MB) return gigabytes.format(bytes / (1024 * MB));
  return megabytes.format(Math.max(1, Math.round(bytes / MB)));
}

/**
 * A run's memory: while it runs "memory 312 MB · peak 640 MB", once ended (no current figure)
 * "peak 640 MB"; "" when nothing was measured (runs from before it was).
 */
export function memoryText(rssBytes: number | null | undefined, peakRssBytes: number | null | undefined): string {
  const peak = peakRssBytes === null || peakRssBytes === undefined ? null : `peak ${bytesText(peakRssBytes)}`;
  if (rssBytes === null || rssBytes === undefined) return peak ?? '';
  return peak === null ? `memory ${bytesText(rssBytes)}` : `memory ${bytesText(rssBytes)} · ${peak}`;
}

/**
 * A run's memory as a figure card: while it runs "Memory" 312 MB with the note "peak 640 MB";
 * once ended "Peak memory" 640 MB; "—" when nothing was measured (runs from before it was).
 */
export function memoryFigure(
  rssBytes: number | null | undefined,
  peakRssBytes: number | null | undefined,
  running: boolean,
): { label: string; value: string; note?: string } {
  if (!running || rssBytes === null || rssBytes === undefined) return { label: 'Peak memory', value: bytesText(peakRssBytes) };
  return peakRssBytes === null || peakRssBytes === undefined
    ? { label: 'Memory', value: bytesText(rssBytes) }
    : { label: 'Memory', value: bytesText(rssBytes), note: `peak ${bytesText(peakRssBytes)}` };
}

/**
 * When a run's best was found, as a figure card: "Best found at" 1 h 07 min with the note
 * "unchanged for 2 h 13 min", on the run's clock as every figure of a run ("1 h 07 min CPU").
 * On a long run how long the best has stood is what says whether it still earns. "—" before any
 * improvement.
 */
export function bestFoundFigure(foundAtMs: number | null, elapsedMs: number, clock: RunClock = 'wall'): { label: string; value: string; note?: string } {
  if (foundAtMs === null) return { label: 'Best found at', value: '—' };
  return {
    label: 'Best found at',
    value: runTimeText(foundAtMs, clock, true),
    note: `unchanged for ${runTimeText(Math.max(0, elapsedMs - foundAtMs), clock, true)}`,
  };
}

/** "52", with its share of the maximum when known: "52 / 60". */
export function scoreText(best: number | null, max: number | null, style: { sep?: string; none?: string } = {}): string {
  if (best === null) return style.none ?? '—';
  // A maximum of 0 (casse-tête: the score is minus the odd lines) says nothing more.
  return max === null || max <= 0 ? int.format(best) : `${int.format(best)}${style.sep ?? ' / '}${int.format(max)}`;
}

/** A puzzle's best where a casse-tête's 0 (its maximum) reads "solved": "solved", "-2", "470 / 480". */
export function bestOfText(best: number | null, max: number | null): string {
  return max === 0 && best === 0 ? 'solved' : scoreText(best, max);
}

/**
 * A run whose solver claimed more in its progress than any board it showed: "the solver claimed
 * 1,000 in its progress, above its best checked board (8); only checked boards count".
 */
export function claimText(claimed: number, best: number | null): string {
  const checked = best === null ? 'but showed no board for any score' : `above its best checked board (${int.format(best)})`;
  return `the solver claimed ${int.format(claimed)} in its progress, ${checked}; only checked boards count`;
}

/** Share of the maximum in percent (one decimal), or null when there is no maximum. */
export function percentOf(best: number | null, max: number | null): number | null {
  if (best === null || max === null || !(max > 0)) return null;
  return Math.round((best / max) * 1000) / 10;
}

/** The share of the maximum as a table figure, "95.3", or `none` when there is no maximum. */
export function percentFigure(best: number | null, max: number | null, none = '—'): string {
  const p = percentOf(best, max);
  return p === null ? none : p.toFixed(1);
}

/** "95.3 %", or '' when there is no maximum. */
export function percentText(best: number | null, max: number | null): string {
  const p = percentFigure(best, max, '');
  return p === '' ? '' : `${p} %`;
}

const STATUS_LABEL: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  failed: 'Failed',
};

const REASON_LABEL: Record<StopReason, string> = {
  seconds: 'time limit',
  evaluations: 'evaluation limit',
  target: 'target reached',
  solved: 'solved',
  exhausted: 'search exhausted',
  stopped: 'stopped',
};

/** Every status, in the order lists and filters show them. */
export const STATUS_ORDER = Object.keys(STATUS_LABEL) as RunStatus[];

export function statusLabel(status: RunStatus): string {
  return STATUS_LABEL[status] ?? status;
}

/** "Done · solved", "Done · time limit", "Stopped", "Failed". */
export function statusDetail(status: RunStatus, reason: StopReason | null): string {
  if (status === 'done' && reason) return reason === 'solved' ? 'Solved' : `Done · ${REASON_LABEL[reason] ?? reason}`;
  return statusLabel(status);
}

/** The stop criteria in words: "10 min or 1 M evaluations", "1 min of CPU time", "until stopped". */
/**
 * When a run went past its evaluation limit by more than a hundredth, how far, and why: a solver
 * stops between its steps (a generation, a pass), and one step may be far more than the limit
 * (a memetic generation is its walks: 200,008 evaluations against a limit of 1,000). Null otherwise.
 */
export function overLimitText(evaluations: number, stop: Pick<StopCriteria, 'evaluations'>): string | null {
  const limit = stop.evaluations;
  if (limit === null || limit === undefined || evaluations <= limit * 1.01) return null;
  const times = evaluations / limit;
  return `${times >= 10 ? `${int.format(Math.round(times))} times` : `${decimalText((times - 1) * 100, 0)} % over`} the limit of ${countText(limit)}: this solver stops between its steps`;
}

export function stopText(stop: StopCriteria): string {
  const parts: string[] = [];
  if (stop.seconds !== null) parts.push(durationText(stop.seconds * 1000).replace(/ 00 s$| 00 min$| 00 h$/, '') + (stop.clock === 'cpu' ? ' of CPU time' : ''));
  if (stop.evaluations !== null) {
    // A limit is shown exactly ("1.3 M" could be 1,250,000): compact only when its one decimal holds it.
    const e = stop.evaluations;
    const unit = e >= 1e9 ? 1e9 : e >= 1e6 ? 1e6 : e >= 1e4 ? 1e3 : 1;
    parts.push(`${(e * 10) % unit === 0 ? compactCount(e) : countText(e)} evaluations`);
  }
  if (stop.target !== null) parts.push(`score ${int.format(stop.target)}`);
  return parts.length ? parts.join(' or ') : 'until stopped';
}

/** The parameters that differ from the solver's defaults (all of them when the schema is unknown). */
export function changedParams(params: Params, schema?: ParamSchema): [string, string][] {
  const out: [string, string][] = [];
  for (const k of Object.keys(params).sort()) {
    const v = params[k]!;
    if (schema && schema[k] && schema[k].default === v) continue;
    out.push([k, typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6) : String(v)]);
  }
  return out;
}

/** A parameter's value as shown, and the meaning its help gives that value (null when none). */
function valueWords(value: ParamValue, spec?: ParamSpec): { shown: string; meaning: string | null } {
  if (typeof value === 'boolean') return { shown: value ? 'On' : 'Off', meaning: null };
  const shown = typeof value === 'number' ? String(Math.round(value * 1e6) / 1e6) : value;
  if (!spec) return { shown, meaning: null };
  const esc = shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?:^|[(;,:]\\s*)${esc} = ([^,;()]+?)(?=[,;)]|\\. |\\.$|$)`).exec(spec.help);
  if (!m) return { shown, meaning: null };
  const words = m[1]!.trim();
  return { shown, meaning: words.length > 48 ? `${words.slice(0, 47).trimEnd()}…` : words };
}

/**
 * A parameter's value in words, as the launch form and the run page both show it: On / Off for a
 * switch, and the meaning the help gives a value ("0 = plain row order, -1 = a third of the
 * rows", "h2 = …") after it when there is one: "-1 (a third of the rows)".
 */
export function paramValueText(value: ParamValue, spec?: ParamSpec): string {
  const { shown, meaning } = valueWords(value, spec);
  return meaning === null ? shown : `${shown} (${meaning})`;
}

/**
 * A parameter's default beside a changed value, in one pair of brackets: "(default 8192)",
 * "(default -1, a third of the rows)" rather than "(default -1 (a third of the rows))".
 */
export function paramDefaultText(spec: ParamSpec): string {
  const { shown, meaning } = valueWords(spec.default, spec);
  return meaning === null ? `(default ${shown})` : `(default ${shown}, ${meaning})`;
}

/** A setting changed on a resume: "memory 2048 → 4096 from 7 h 59 min". */
export function paramChangeText(c: { key: string; from: ParamValue; to: ParamValue; elapsedMs: number }): string {
  return `${c.key} ${paramValueText(c.from)} → ${paramValueText(c.to)} from ${durationText(c.elapsedMs)}`;
}

/** "population=500, elitism=0" or "defaults"; the cores a run uses (`threads`) come first, so Live always shows them. */
export function keyParamsText(params: Params, schema?: ParamSchema, max = 4): string {
  const list = changedParams(params, schema).sort((a, b) => Number(b[0] === 'threads') - Number(a[0] === 'threads'));
  if (list.length === 0) return 'defaults';
  const shown = list.slice(0, max).map(([k, v]) => `${k}=${v}`);
  return list.length > max ? `${shown.join(', ')}, +${list.length - max}` : shown.join(', ');
}

/** The catalogue entry of a run's solver (label, schema), if this build has it. */
export function solverOf<S extends SolverInfo>(solvers: readonly S[], run: Pick<RunSummary, 'family' | 'solver'>): S | undefined {
  return solvers.find((s) => s.family === run.family && s.id === run.solver);
}

/** "Hill climbing" for a solver in `solvers` (the API's list, or core's catalogue), else its id. */
export function solverLabel(solvers: readonly SolverInfo[], run: Pick<RunSummary, 'family' | 'solver'>): string {
  return solverOf(solvers, run)?.label ?? run.solver;
}

const dateFmt = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
const dateYearFmt = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

/** "Nov 25, 22:49" (this year) or "Nov 25, 2025, 22:49". */
export function whenText(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return '—';
  return new Date(ms).getFullYear() === new Date(now).getFullYear() ? dateFmt.format(ms) : dateYearFmt.format(ms);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "Just now", "5 minutes ago", "yesterday", or the date (whenText) for anything older than a month. */
export function agoText(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return 'Never';
  const seconds = Math.round((ms - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'Just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return whenText(ms, now);
}

const ordinal = new Intl.PluralRules('en', { type: 'ordinal' });
const ORDINAL_SUFFIX: Readonly<Record<Intl.LDMLPluralRule, string>> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };

/** A queued run's place: "Next in line", "3rd in line" (runs start in the order they were queued). */
export function queueText(position: number): string {
  if (position <= 1) return 'Next in line';
  return `${position}${ORDINAL_SUFFIX[ordinal.select(position)]} in line`;
}

/**
 * A work tally's heading: what it counts, to which point of the run (its checkpoint's, which a
 * running run has passed), how many of each kind, and why the count is partial where it is.
 */
export function workTallyHeading(t: WorkTally, atMs: number, clock: RunClock = 'wall'): string {
  const kinds = t.kinds.map((k, i) => `${countText(t.totals[i] ?? 0)} ${k}`).join(', ');
  return `${t.what} in the first ${runTimeText(atMs, clock)}: ${countText(t.all)} (${kinds})${t.partial ? `, ${t.partial}` : ''}`;
}
