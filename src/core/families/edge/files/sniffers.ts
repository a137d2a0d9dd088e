import type { Sniffer } from '../../family';
import { sniffEdgeText } from './sniff';

const num = (t: string | undefined): number => (t !== undefined && /^\d+$/.test(t) ? Number(t) : NaN);

/**
 * How edge files are told by their content (ranks: see `Sniffer`; the jump and parity rules sit
 * between these): a bucas URL, what the comments say, Tetravex tiles, `piece/rot` cells, a board
 * as this program exports it, 4 or 5 numbers a line; and pieces when nothing else fits.
 */
export const edgeSniffers: readonly Sniffer[] = [
  { rank: 10, test: ({ text }) => (/board_(edges|pieces)=/.test(text) ? 'bucas' : null) },
  { rank: 200, test: ({ said }) => (/edge-matching board/.test(said) ? 'board' : null) },
  { rank: 201, test: ({ said }) => (/edge-matching pieces/.test(said) ? 'pieces' : null) },
  { rank: 202, test: ({ said }) => (/tetravex/.test(said) ? 'tetravex' : null) },
  { rank: 300, test: ({ lines }) => (lines.length === 0 ? 'pieces' : null) },
  { rank: 310, test: ({ text }) => sniffEdgeText(text) },
  { rank: 320, test: ({ lines }) => (lines.some((l) => l.some((t) => /^(\d+|-+)[:/](\d|-)$/.test(t))) ? 'board' : null) },
  {
    rank: 330,
    test: ({ lines }) => {
      const [first, ...rest] = lines;
      const n = num(first?.[0]);
      return first?.length === 1 && n > 1 && rest.length === n * n && rest.every((l) => l.length === 4) ? 'tetravex' : null;
    },
  },
  {
    // A board as this program exports it: one `piece rotation` pair per cell (a maze has one line per row).
    rank: 360,
    test: ({ lines }) => {
      const [first, ...rest] = lines;
      if (first?.length !== 2) return null;
      const cells = num(first[0]) * num(first[1]);
      return rest.length === cells && rest.every((l) => l.length === 2 && num(l[1]) <= 3 && num(l[0]) <= cells) ? 'board' : null;
    },
  },
  {
    rank: 370,
    test: ({ lines }) => {
      const [first, ...rest] = lines;
      return first?.length === 2 && rest.every((l) => l.length === 4 || l.length === 5) && rest.length !== num(first[0]) ? 'pieces' : null;
    },
  },
  { rank: 1000, test: () => 'pieces' },
];
