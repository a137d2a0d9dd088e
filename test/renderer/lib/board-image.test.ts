import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocument } from '../../../src/core/document/document';
import { readPuzzleFile } from '../../../src/core/document/read-file';
import { drawDocument, imageLayout, type Ctx } from '../../../src/renderer/src/lib/board-image';
import { familyEntry } from '../../../src/renderer/src/families';

/** A context that records what is drawn. */
function recorder(): Ctx & { texts: string[]; fills: number } {
  const texts: string[] = [];
  let fills = 0;
  const noop = (): void => {};
  return {
    texts,
    get fills() {
      return fills;
    },
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    lineJoin: 'miter',
    lineCap: 'butt',
    fillRect: () => fills++,
    strokeRect: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    closePath: noop,
    fill: () => fills++,
    stroke: noop,
    arc: noop,
    fillText: (t: string) => texts.push(t),
    strokeText: noop,
    measureText: (t: string) => ({ width: t.length * 9 }),
    save: noop,
    restore: noop,
    clip: noop,
    setLineDash: noop,
    rect: noop,
  } as unknown as Ctx & { texts: string[]; fills: number };
}

const resources = path.resolve(import.meta.dirname, '../../../resources/instances');
const docOf = (file: string) => {
  const r = readPuzzleFile(file, readFileSync(path.join(resources, file), 'utf8'));
  return makeDocument(r.family, r.name, r.puzzle, r.solution ?? undefined);
};

describe('board pictures', () => {
  it('sizes cells to fit, with a header', () => {
    expect(imageLayout(16, 16)).toMatchObject({ cell: 80, width: 16 * 80 + 48, height: 16 * 80 + 48 + 64 });
    expect(imageLayout(40, 40)).toMatchObject({ cell: 38 });
    expect(imageLayout(2, 2, 1600, 500.5).width).toBe(501);
    expect(imageLayout(200, 200).cell).toBe(12);
    expect(imageLayout(2, 2).width).toBe(360);
  });

  it('draws each family with its score in the header', () => {
    const jump = recorder();
    expect(drawDocument(jump, docOf('cs440_hill_climbing_5x5.maze'), familyEntry('jump').drawBoard).subtitle).toBe(
      'Jump maze · 5×5 · fitness 21 (goal in 21 moves)',
    );
    expect(jump.texts).toContain('G');
    expect(jump.texts.filter((t) => /^\d+$/.test(t))).toHaveLength(24);

    const parity = recorder();
    expect(drawDocument(parity, docOf('casse_tete_5x5_m5_solved.grid'), familyEntry('parity').drawBoard).subtitle).toBe('Casse-tête · 5×5 · remove 5 · solved');

    const edge = recorder();
    expect(drawDocument(edge, docOf('e2_clue1_6x6.txt'), familyEntry('edge').drawBoard).subtitle).toBe('Edge matching · 6×6 · 36 pieces (unplaced)');
    expect(edge.fills).toBeGreaterThan(36 * 4);
  });

  it('refuses a broken document with one line', () => {
    expect(() => drawDocument(recorder(), { format: 'nope' }, familyEntry('edge').drawBoard)).toThrow(/^the puzzle: /);
  });
});
