import { describe, expect, it } from 'vitest';
import { AutosaveSession } from '../../../src/renderer/src/lib/session.svelte';

describe('the autosave session', () => {
  it('shows only the latest write: an earlier failure finishing first says nothing', async () => {
    const errors: string[] = [];
    const written: number[] = [];
    const session = new AutosaveSession<number>(0, {
      write: async (value) => {
        if (value === 1) throw new Error('disk full');
        written.push(value);
      },
      onerror: (m) => errors.push(m),
    });
    session.edit(1);
    const first = session.saveNow();
    session.edit(2);
    await Promise.all([first, session.saveNow()]);
    expect([session.saveState, session.unsaved, written, errors]).toEqual(['saved', false, [2], []]);
  });

  it('an edit made while a write is on its way stays unsaved until its own write (it said saved, 600 ms early)', async () => {
    const written: number[] = [];
    let release: () => void = () => undefined;
    const session = new AutosaveSession<number>(0, {
      delay: 60_000,
      write: async (value) => {
        if (value === 1) await new Promise<void>((r) => (release = r));
        written.push(value);
      },
    });
    session.edit(1);
    const first = session.saveNow();
    session.edit(2);
    await new Promise((r) => setTimeout(r, 0));
    release();
    await first;
    expect([session.saveState, session.unsaved, written]).toEqual(['pending', true, [1]]);
    await session.flush();
    expect([session.saveState, session.unsaved, written]).toEqual(['saved', false, [1, 2]]);
  });

  it('reports a failing latest write', async () => {
    const errors: string[] = [];
    const session = new AutosaveSession<number>(0, {
      write: async () => {
        throw new Error('disk full');
      },
      onerror: (m) => errors.push(m),
    });
    session.edit(1);
    await session.saveNow();
    expect([session.saveState, session.saveError, errors]).toEqual(['error', 'disk full', ['disk full']]);
  });
});
