import { describe, expect, it } from 'vitest';
import type { SolverInfo } from '../../../src/main/api/contract';
import { LaunchDraft, type LaunchPuzzle } from '../../../src/renderer/src/runs/launch-draft.svelte';

// Solver ids no preset names, so every form starts from the defaults.
const solver = (id: string, family: SolverInfo['family'] = 'edge'): SolverInfo => ({
  family,
  id,
  label: id.toUpperCase(),
  description: `${id} solver`,
  params: { size: { type: 'int', default: 10, min: 1, max: 100, help: 'Size.' } },
});
const solvers = [solver('test-a'), solver('test-b'), solver('test-c'), solver('test-j', 'jump')];
const puzzle: LaunchPuzzle = { id: 3, name: 'P', family: 'edge', kind: 'edge', rows: 4, cols: 4 };

function draft(): LaunchDraft {
  const d = new LaunchDraft();
  d.offer(puzzle, solvers, { solver: 'test-b' }, null);
  return d;
}

describe('the launch being drafted', () => {
  it("offers the family's solvers and starts with the recommended one", () => {
    const d = draft();
    expect(d.offered.map((s) => s.id)).toEqual(['test-a', 'test-b', 'test-c']);
    expect(d.form?.solver).toBe('test-b');
    expect(d.chosen).toEqual(['test-b']);
    expect(d.totalRuns).toBe(1);
    d.offer(puzzle, solvers, { solver: 'test-a' }, null); // a second offer keeps the form
    expect(d.form?.solver).toBe('test-b');
  });

  it('starts from an earlier run of the same family', () => {
    const d = new LaunchDraft();
    d.offer(puzzle, solvers, null, { family: 'edge', solver: 'test-c', params: { size: 42 }, stop: { seconds: 90, evaluations: null, target: null }, seed: 7 });
    expect(d.form?.solver).toBe('test-c');
    expect(d.form?.values.size).toBe('42');
    expect(d.changed.has('size')).toBe(true);
  });

  it('keeps each chosen solver its own parameters, and shares stop, seed and count', () => {
    const d = draft();
    d.setValue('size', '20');
    d.toggleSolver('test-c'); // added and shown
    expect(d.chosen).toEqual(['test-b', 'test-c']);
    expect(d.form?.solver).toBe('test-c');
    expect(d.form?.values.size).toBe('10');
    d.form!.count = '3';
    expect(d.totalRuns).toBe(6);
    d.show('test-b');
    expect(d.form?.values.size).toBe('20');
    expect(d.form?.count).toBe('3');
    d.toggleSolver('test-b'); // taken out while shown: the other is shown
    expect(d.chosen).toEqual(['test-c']);
    expect(d.form?.solver).toBe('test-c');
    d.toggleSolver('test-c'); // the last one stays
    expect(d.chosen).toEqual(['test-c']);
    d.toggleSolver('test-a');
    d.chooseSolver('test-b'); // a click: this one alone
    expect(d.chosen).toEqual(['test-b']);
    d.resetValue('size');
    expect(d.changed.size).toBe(0);
  });

  it('shows problems only once a launch is tried, and shows a solver that has one', () => {
    const d = draft();
    d.setValue('size', '500');
    d.toggleSolver('test-a');
    expect(d.errors).toEqual({});
    expect(d.errorCount).toBe(1);
    expect(d.attempt()).toBeNull();
    expect(d.touched).toBe(true);
    expect(d.form?.solver).toBe('test-b');
    expect(Object.keys(d.errors)).toEqual(['param:size']);
    d.setValue('size', '5');
    const args = d.attempt();
    expect(args?.map((a) => a.solver)).toEqual(['test-b', 'test-a']);
  });
});
