import type { Sniffer } from '../family';

const num = (t: string | undefined): number => (t !== undefined && /^\d+$/.test(t) ? Number(t) : NaN);

/** How a maze file is told by its content: its comment, a lone size line, `rows cols` then rows, or a header with start and goal. */
export const jumpSniffers: readonly Sniffer[] = [
  { rank: 210, test: ({ said }) => (/jump maze/.test(said) ? 'maze' : null) },
  { rank: 340, test: ({ lines }) => (lines[0]?.length === 1 ? 'maze' : null) },
  { rank: 390, test: ({ lines }) => (lines[0]?.length === 2 ? 'maze' : null) },
  {
    // A maze header with its start and goal: `rows cols start-row start-col goal-row goal-col`, alone
    // (a puzzle without a maze) or followed by its rows.
    rank: 400,
    test: ({ lines }) => {
      const [first, ...rest] = lines;
      return first?.length === 6 && first.every((t) => /^\d+$/.test(t)) && rest.slice(0, num(first[0])).every((l) => l.length === num(first[1]))
        ? 'maze'
        : null;
    },
  },
];
