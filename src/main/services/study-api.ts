/**
 * The studies part of the typed API: the list, a study's results (table, the runs of each cell,
 * curves), the templates of the papers' tables, creating a study from a template (optionally
 * shortened: fewer seeds, fewer seconds), starting, stopping and exporting one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { studyStatus } from '../../core/text/study-text';
import { safeFileName } from '../../core/text/file-name';
import type { ApiArgs } from '../api/contract';
import { curveGrid, meanCurve, type RunTrace } from '../studies/curves';
import { studyCsv, studyJson, studyMarkdown } from '../studies/report';
import { cellRuns, studyRows, type CellRun } from '../studies/results';
import type { RunTrace as TraceRun } from '../../core/stats/runtime';
import { parseStudy, studySize, StudyError, type StudySpec } from '../studies/spec';
import { shortenStudy } from '../studies/template';
import type { Studies, Study } from '../studies/studies';
import type { Workbench } from './workbench';
import type { StudyAnalysisDetail, StudyCurve, StudyDetail, StudySummary, StudyTemplate } from '../api/studies';
import { hasEnded } from '../../core/engine/run-types';

export type { StudyAnalysisDetail, StudyCurve, StudyDetail, StudySummary, StudyTemplate };

function summary(studies: Studies, s: Study): StudySummary {
  const progress = studies.progress(s.id);
  return {
    id: s.id,
    name: s.name,
    description: s.spec.description,
    family: s.spec.family,
    createdAt: s.createdAt,
    grid: gridOf(s.spec),
    status: studyStatus(progress),
    progress,
    published: s.spec.published?.source ?? null,
  };
}

const gridOf = (spec: StudySpec): StudySummary['grid'] => ({
  puzzles: spec.puzzles.length,
  solvers: spec.configs.length,
  seeds: spec.seeds.length,
  runs: studySize(spec),
});

/** The longest time limit of any run of the grid. */
function longest(spec: StudySpec): number | null {
  let max: number | null = null;
  spec.puzzles.forEach((p) =>
    spec.configs.forEach((c) => {
      const sec = p.stop?.seconds ?? c.stop.seconds;
      if (sec !== null && sec !== undefined) max = Math.max(max ?? 0, sec);
    }),
  );
  return max;
}

/** The handlers; `templatesDir` holds the papers' study templates (resources/studies). */
export function studyHandlers(wb: Workbench, studies: Studies, templatesDir: string | null) {
  const ctx = { readFile: (file: string): string => readFileSync(file, 'utf8') };
  const templateFiles = (): string[] => {
    if (!templatesDir) return [];
    try {
      return readdirSync(templatesDir)
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
  };
  const templateFile = (id: string): string => {
    const file = templateFiles().find((f) => f === `${id}.json`);
    if (!file || !templatesDir)
      throw new Error(
        `there is no study template "${id}" (templates: ${
          templateFiles()
            .map((f) => f.replace(/\.json$/, ''))
            .join(', ') || 'none'
        })`,
      );
    return path.join(templatesDir, file);
  };
  const readSpec = (file: string, text: string): StudySpec => parseStudy(text, file, { ...ctx, libraryPuzzle: (pid) => wb.store.getPuzzle(pid) });

  return {
    listStudies: (): StudySummary[] => studies.list().map((s) => summary(studies, s)),

    getStudy: ({ id }: ApiArgs<'getStudy'>): StudyDetail => {
      const s = studies.get(id);
      const { spec } = s;
      const linked = studies.runs(id);
      const { progress, cells } = studies.results(id);
      return {
        ...summary(studies, s),
        progress,
        status: studyStatus(progress),
        puzzles: spec.puzzles.map((p) => ({ label: p.label, source: p.source, maxScore: p.maxScore, group: p.group ?? null })),
        solvers: spec.configs.map((c) => ({ label: c.label, solver: c.solver, preset: c.preset, stop: c.stop })),
        seeds: spec.seeds,
        rows: studyRows(spec).map((r) => r.label),
        cells,
        runs: cellRuns(spec, linked),
      };
    },

    studyCurves: ({ id, points }: ApiArgs<'studyCurves'>): StudyCurve[] => {
      const { spec } = studies.get(id);
      const perCell = cellRuns(spec, studies.runs(id));
      const improvements = studies.store.improvements(id);
      const trace = (r: CellRun): RunTrace => ({ endMs: r.elapsedMs, finished: hasEnded(r.status), points: improvements.get(r.runId) ?? [] });
      const rows = studyRows(spec);
      const n = spec.configs.length;
      const out: StudyCurve[] = [];
      rows.forEach((_, ri) => {
        const traces = perCell.slice(ri * n, ri * n + n).map((cell) => cell.map(trace));
        // One time grid per row: its solvers' curves share the x values of its chart.
        const grid = curveGrid(traces.flat(), points ?? 48);
        traces.forEach((t, ci) => out.push({ rowIndex: ri, configIndex: ci, points: meanCurve(t, grid) }));
      });
      return out;
    },

    studyAnalysis: ({ id }: ApiArgs<'studyAnalysis'>): StudyAnalysisDetail => {
      const { spec } = studies.get(id);
      const { analysis } = studies.analysed(id);
      const improvements = studies.store.improvements(id);
      const ends = new Map(studies.runs(id).map((r) => [r.run.id, r.run.evaluations]));
      const traces = cellRuns(spec, studies.runs(id)).map((cell) =>
        cell.map((r): TraceRun => ({
          runId: r.runId,
          live: !hasEnded(r.status),
          endMs: r.elapsedMs,
          endEvaluations: ends.get(r.runId) ?? 0,
          points: improvements.get(r.runId) ?? [],
        })),
      );
      return { ...analysis, traces };
    },

    studyTemplates: (): StudyTemplate[] =>
      templateFiles().flatMap((f) => {
        const file = path.join(templatesDir!, f);
        try {
          const spec = readSpec(file, readFileSync(file, 'utf8'));
          return [
            {
              id: f.replace(/\.json$/, ''),
              name: spec.name,
              description: spec.description,
              family: spec.family,
              grid: gridOf(spec),
              seconds: longest(spec),
              published: spec.published?.source ?? null,
            },
          ];
        } catch (e) {
          console.warn(`study template ${f} skipped: ${(e as Error).message}`);
          return [];
        }
      }),

    createStudy: ({ template, text, fileName, seeds, seconds }: ApiArgs<'createStudy'>): StudySummary => {
      if ((template === undefined) === (text === undefined)) throw new Error('give a template or the text of a study file, one of them');
      // Errors name the file the person chose (the app sends its name), once.
      let file = fileName ? path.basename(fileName) : 'study.json';
      let source = text ?? '';
      let readFile = (name: string): string => {
        throw new Error(`a study sent to the app names its puzzles by library id or inline, not by file (${path.basename(name)})`);
      };
      if (template !== undefined) {
        file = templateFile(template);
        source = readFileSync(file, 'utf8');
        readFile = ctx.readFile;
      }
      if (seeds !== undefined || seconds !== undefined) {
        let json: unknown;
        try {
          json = JSON.parse(source);
        } catch (e) {
          throw new StudyError(`${path.basename(file)}: not a JSON study file (${(e as Error).message})`);
        }
        if (typeof json === 'object' && json !== null && !Array.isArray(json))
          source = JSON.stringify(shortenStudy(json as Record<string, unknown>, { seeds, seconds }));
      }
      return summary(studies, studies.create(source, file, { readFile }));
    },

    startStudy: ({ id }: ApiArgs<'startStudy'>): { queued: number; created: number; resumed: number; elsewhere: number } => {
      const r = studies.start(id);
      return { queued: r.queued.length, created: r.created.length, resumed: r.resumed.length, elsewhere: r.elsewhere.length };
    },

    stopStudy: async ({ id }: ApiArgs<'stopStudy'>): Promise<{ stopped: number }> => ({ stopped: (await studies.stop(id)).length }),

    exportStudy: ({ id, format }: ApiArgs<'exportStudy'>): { fileName: string; text: string } => {
      const s = studies.get(id);
      const { progress, cells, analysis } = studies.analysed(id);
      const base = `study-${id}-${safeFileName(s.name, 'results')}`;
      if (format === 'csv') return { fileName: `${base}.csv`, text: studyCsv(s, cells, analysis) };
      if (format === 'json') return { fileName: `${base}.json`, text: `${JSON.stringify(studyJson(s, progress, cells, analysis), null, 2)}\n` };
      // One file from the app: the diagram goes inline, as SVG.
      return { fileName: `${base}.md`, text: `${studyMarkdown(s, progress, cells, analysis)}\n` };
    },
  };
}
