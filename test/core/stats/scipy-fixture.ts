/**
 * scipy's figures for the statistics tests, made by scripts/stats-fixtures.py (which says how to
 * remake them) and read here as plain JSON: no Python at test time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** JSON has no infinities or nan: the generator writes them as strings and null. */
export type JsonNumber = number | 'Infinity' | '-Infinity' | null;

export interface ScipyFixture {
  scipy: string;
  numpy: string;
  fisher: { table: [[number, number], [number, number]]; p: number; oddsRatio: JsonNumber }[];
  wilcoxon: { name: string; x: number[]; y: number[]; statistic: number | null; p: number | null; n: number }[];
  friedman: {
    name: string;
    table: number[][];
    statistic: number;
    p: number;
    averageRanks: number[];
    cd05: number;
    cd10: number;
    groups05: number[][];
    groups10: number[][];
  }[];
  studentizedRange: { k: number; p: number; q: number }[];
  cd: { k: number; n: number; alpha: number; cd: number }[];
  normal: { z: number; lower: number; upper: number }[];
  chi2: { x: number; df: number; sf: number }[];
}

export const scipy = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/stats/scipy.json', import.meta.url)), 'utf8')) as ScipyFixture;

export function jsonNumber(v: JsonNumber): number {
  if (v === null) return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return v;
}

/** |actual - expected| <= rel |expected| + abs; equal infinities and two NaNs count as close. */
export function isClose(actual: number, expected: number, rel: number, abs = 0): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (!Number.isFinite(expected)) return actual === expected;
  return Math.abs(actual - expected) <= rel * Math.abs(expected) + abs;
}

/** Relative tolerances the fixtures are checked to. */
export const P_REL = 1e-6;
export const STAT_REL = 1e-9;
