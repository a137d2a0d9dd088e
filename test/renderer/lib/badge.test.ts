import { describe, expect, it } from 'vitest';
import { runBadge, studyBadge } from '../../../src/renderer/src/lib/badge';

describe('status badges', () => {
  it('give every run status its own shape, and a solved run a star', () => {
    const shapes = (['running', 'queued', 'done', 'stopped', 'interrupted', 'failed'] as const).map((s) => runBadge(s).shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(runBadge('done', 'solved')).toMatchObject({ shape: 'star', tone: 'yellow', fill: true, status: 'done' });
    expect(runBadge('done', 'seconds').shape).toBe('check');
  });

  it('keep the first part of the detail when compact, the whole detail as the title', () => {
    const full = runBadge('done', 'solved');
    const compact = runBadge('done', 'solved', true);
    expect(compact.text).toBe(full.text.split(' · ')[0]);
    expect(compact.title).toBe(full.title);
  });

  it('read a study status as a word with its own shape', () => {
    expect(studyBadge('incomplete')).toMatchObject({ text: 'Incomplete', shape: 'bang', tone: 'pink', study: true, status: 'incomplete' });
    expect(studyBadge('running').tone).toBe('orange');
    expect(studyBadge('new').title).toBeUndefined();
  });
});
