/**
 * Issue 51 item 2 from the app: a puzzle made to order in its own thread, its progress, its
 * refusal in one line and its stop. The one solution it claims is checked by an independent count.
 */
import { describe, expect, it } from 'vitest';
import { finished } from './thread-jobs';
import { parseDocument } from '../../../src/core/document/document';
import { bruteSolutions } from '../../core/families/edge/analysis/brute';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { Orders, orderHandlers } from '../../../src/main/services/generate-order';
import { parseCall } from '../../../src/main/api/contract';

describe('generate to order from the app', () => {
  it('makes a Tetravex with exactly one solution, named, with its reference', async () => {
    const o = new Orders();
    const started = o.start({ name: 'Tetravex 3×3, one solution', rows: 3, cols: 3, kind: 'tetravex', colours: 4, seed: 5 });
    expect(started).toMatchObject({ running: true, made: null, error: null, attempts: 200 });
    const s = await finished(o, started.id);
    expect(s.error).toBeNull();
    expect(s.tried).toBeGreaterThan(0);
    expect(s.unique).toBeGreaterThan(0);
    const made = s.made!;
    expect(made.summary).toMatch(/^exactly one solution/);
    const { doc, puzzle, reference } = parseDocument(made.document);
    expect(doc).toMatchObject({ family: 'edge', name: 'Tetravex 3×3, one solution' });
    expect(reference).not.toBeNull();
    expect((puzzle as EdgePuzzle).rotatable).toBe(false);
    expect(bruteSolutions(puzzle as EdgePuzzle).layouts).toBe(1);
    await o.dispose();
  });

  it('says in one line when the band is never reached', async () => {
    const o = new Orders();
    const s = await finished(o, o.start({ name: 'x', rows: 3, cols: 3, kind: 'tetravex', colours: 3, seed: 5, difficulty: 'hard', attempts: 40 }).id);
    expect(s.made).toBeNull();
    expect(s.tried).toBe(40);
    expect(s.error).toMatch(/^no 3x3 Tetravex with 3 colours gave a unique hard board \(rating 5 or more\) in 40 tries \(\d+ had one solution/);
    expect(s.error).not.toContain('\n');
  });

  it('stops when asked, through the API handlers', async () => {
    const h = orderHandlers();
    // A 12x12 with few colours: each count takes long, so the stop lands mid-count.
    const args = parseCall('startOrder', { name: 'big', rows: 12, cols: 12, kind: 'edge', frameColours: 2, innerColours: 3, seed: 1 }).args;
    const started = await h.startOrder(args as Parameters<typeof h.startOrder>[0]);
    await new Promise((r) => setTimeout(r, 300));
    await h.stopOrder({ id: started.id });
    let s = await h.orderStatus({ id: started.id });
    for (let i = 0; s.running && i < 300; i++) {
      await new Promise((r) => setTimeout(r, 10));
      s = await h.orderStatus({ id: started.id });
    }
    expect(s.running).toBe(false);
    expect(s.made).toBeNull();
    expect(s.error).toMatch(/^stopped after \d+ tries$/);
  });

  it('refuses a malformed order before it starts', () => {
    expect(() => new Orders().start({ name: 'x', rows: 3, cols: 3, kind: 'edge', frameColours: 2, seed: 1 })).toThrow(
      'an edge order needs its frame and inner colours',
    );
    expect(() => parseCall('startOrder', { name: 'x', rows: 1, cols: 3, kind: 'tetravex', colours: 4, seed: 1 })).toThrow(/outside 2\.\.32/);
    expect(() => parseCall('startOrder', { name: 'x', rows: 3, cols: 3, kind: 'tetravex', colours: 4, seed: 1, difficulty: 'extreme' })).toThrow(
      /one of easy, medium, hard/,
    );
  });
});
