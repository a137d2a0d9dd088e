import * as v from 'valibot';
import { int } from '../../engine/checkpoint';

/** A maze in a checkpoint, as `jumpMazeToJson` writes it (`jumpMazeFromJson` then checks it against the puzzle). */
export const mazeJson = v.object({ cells: v.array(v.array(int)) });
