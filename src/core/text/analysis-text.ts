/**
 * The designer's analysis in words: the lines the CLI prints and the Analyze panels show. Each
 * family writes its own (`analysis.text` in its contract, next to its analysis); this asks the
 * family the analysis names, so no family is named here.
 */
import { getFamily, type BuiltInFamilies } from '../families';
import type { FamilyId } from '../families/ids';

type TextOf<K extends FamilyId> = Parameters<BuiltInFamilies[K]['analysis']['text']>;

/** Any built-in family's analysis (each names its family in `family`). */
export type AnyAnalysis = { [K in FamilyId]: TextOf<K>[0] }[FamilyId];

/** What a family's text may set beside its analysis (edge: Eternity II's colour statistics). */
export type AnalysisBeside = { [K in FamilyId]: TextOf<K>[1] }[FamilyId];

export function analysisLines(a: AnyAnalysis, beside?: AnalysisBeside): string[] {
  return getFamily(a.family).analysis.text(a, beside);
}
