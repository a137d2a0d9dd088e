import { FormatError } from '../../../document/errors';
import type { Evidence } from '../../../document/readings';
import type { TextFormat } from '../../family';
import { emptyBoard, maxScore, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { scoreBoard } from '../model/score';
import { readAsciiBoard } from './ascii-board';
import { hasGrey } from './evidence';
import { boardFaults } from './place-board';
import { countNoun } from '../../../text/plural';

/**
 * A board drawn as text (see ascii-board.ts) read on its own: its cells, as they lie, are the
 * pieces (numbered as drawn in their centres, when they are). A drawing without a grey edge is
 * read as Tetravex tiles, which never turn. A drawing with empty cells is read against its
 * piece set (`--pieces FILE`).
 */
export const drawnFormat: TextFormat<EdgePuzzle, EdgeBoard> = {
  id: 'drawn',
  label: 'Board drawn as text (colours around each cell)',
  extensions: [],
  read(text, file, options = {}) {
    const [r] = this.readings!(text, file, options);
    return r.value[0];
  },
  readings(text, file) {
    const d = readAsciiBoard(text, file);
    const cells = d.rows * d.cols;
    let placed = 0;
    for (const f of d.filled) placed += f;
    if (placed < cells)
      throw new FormatError(
        `the drawing fills ${placed} of ${cells} cells: a partial board does not carry the whole piece set; import it with its piece set (--pieces FILE)`,
        file,
        d.line,
      );
    const edges = new Uint16Array(4 * cells);
    const board = emptyBoard(d.rows, d.cols);
    for (let i = 0; i < cells; i++) {
      const piece = d.ids ? d.ids[i] - 1 : i;
      edges.set(d.edges.subarray(4 * i, 4 * i + 4), 4 * piece);
      board.piece[i] = piece;
    }
    const grey = hasGrey(edges);
    const puzzle: EdgePuzzle = { rows: d.rows, cols: d.cols, edges, fixed: [], ...(grey ? {} : { rotatable: false }) };
    const joins = scoreBoard(puzzle, board);
    const max = maxScore(d.rows, d.cols);
    const faults = grey ? boardFaults(puzzle, board) : 0;
    const evidence: Evidence[] = [
      { reason: `drawn as a ${d.rows}x${d.cols} board, each cell's four colours around it`, weight: 3 },
      { reason: `${joins} of ${max} joins match as drawn`, weight: max > 0 ? (2 * joins) / max : 0 },
    ];
    if (faults > 0) evidence.push({ reason: `${countNoun(faults, 'grey edge')} out of place`, weight: -Math.min(3, faults / 2) });
    const notes = [...d.notes];
    if (d.ids) notes.push('pieces numbered as drawn in the cells');
    if (!grey) notes.push('no grey edge: read as Tetravex tiles, which never turn');
    return [
      {
        label: `a ${d.rows}x${d.cols} board drawn as text${grey ? '' : ' (Tetravex)'}`,
        options: {},
        evidence,
        key: '',
        value: [{ name: '', puzzle, solution: board, info: {}, notes }],
      },
    ];
  },
  readOnly: true,
  write() {
    return null;
  },
};
