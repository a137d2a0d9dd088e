import type { Sniffer } from '../family';

/** How a casse-tete grid is told by its content: its comment, `n m` alone, or `n m` then rows of 0/1. */
export const paritySniffers: readonly Sniffer[] = [
  { rank: 220, test: ({ said }) => (/casse-tete/.test(said) ? 'grid' : null) },
  { rank: 350, test: ({ lines }) => (lines.length === 1 && lines[0]!.length === 2 ? 'grid' : null) },
  {
    rank: 380,
    test: ({ lines }) => {
      const [first, ...rest] = lines;
      return first?.length === 2 && rest.every((l) => l.every((t) => t === '0' || t === '1') || /^[01]+$/.test(l.join(''))) ? 'grid' : null;
    },
  },
];
