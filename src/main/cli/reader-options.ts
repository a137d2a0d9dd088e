import { numberingOption, rowsOption, type EdgeReadOptions } from '../../core/families/edge/files';
import { sizeOption } from './args';

/** How a file is read, as the commands that read files take it (import, score; solve and analyze take those they need). */
export const readerOptions = {
  format: { type: 'string' },
  size: { type: 'string' },
  order: { type: 'string' },
  rotation: { type: 'string' },
  numbering: { type: 'string' },
  rows: { type: 'string' },
  frame: { type: 'string' },
} as const;

/** The reader's options from a command's, `--format` apart (it picks the format, not how it reads). */
export function readerOptionsOf(v: EdgeReadOptions): Record<string, string> {
  const options: Record<string, string> = {};
  const size = sizeOption(v.size);
  if (size) options.size = `${size.rows}x${size.cols}`;
  if (v.order) options.order = v.order;
  if (v.rotation) options.rotation = v.rotation;
  // Checked here, not only when a board is read: a value that could never hold is refused at once.
  if (v.numbering) options.numbering = String(numberingOption(v.numbering));
  if (v.rows) options.rows = rowsOption(v.rows) ? 'bottom' : 'top';
  if (v.frame) options.frame = v.frame;
  return options;
}
