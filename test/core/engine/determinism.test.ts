import { describe, expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { cases, fingerprint, fingerprintWith, PUZZLES, VARIANTS, type Fingerprint } from './fingerprint';

/**
 * Every solver of the catalogue, seeds 7 and 8, 20,000 evaluations with a resume from a JSON
 * checkpoint halfway: best score, evaluations and a hash of every step's figures, the best
 * solutions and the checkpoints. The figures were recorded before the solvers moved to the typed
 * seam, checkpoint schemas and shared acceptors (issue 22): the same seed still gives the same run,
 * and checkpoints keep their JSON form (so stored ones resume). Beam's step budget later came to
 * weigh the candidates a layer looks at (issue 23): its steps, and lns's beam phase, end at other
 * layers, and lns came to weigh its operators (so do their steps): those traces were pinned again;
 * best scores and evaluations stayed as they were. Then beam came to count the pass under way in
 * its evaluations (issue 23): its runs, and lns's from its beam phase, now stop at 20,000 instead
 * of at the end of the pass that crossed it (up to 25,682), so beam and lns were pinned again.
 * Then the beam's child pool came to keep its children in the order they came and to drop those
 * below its floor before they draw a tie-break (issue 50): other passes, as good, so beam, lns and
 * backtrack (whose deepest board a beam pass completes) were pinned again. Then the beam came to
 * visit a layer's boards best first, stopping where none can reach the floor, with a pool cut at
 * 1.5 times the layer's width (issue 50): other passes, as good, so lns and backtrack were pinned
 * again (beam's own runs here keep every child, and stayed as they were). Then the beam's
 * checkpoint came to carry the passes it made at its top width by kind and score (beam/tally.ts):
 * the same runs with one field more in their checkpoints (lns's too, whose beam phase writes it), so
 * beam and lns were pinned again, best scores and evaluations as they were; and again when that
 * count came to tell apart the suffix passes above the board they started from.
 */
const PINNED: Record<string, Fingerprint[]> = {
  'edge/hill-climb': [
    { bestScore: 56, evaluations: 22180, trace: 'bf5e9aeee252187f' },
    { bestScore: 56, evaluations: 20268, trace: '121ef6a0d7981545' },
  ],
  'edge/hill-climb hinted': [
    { bestScore: 56, evaluations: 20809, trace: 'ab96f8041518586e' },
    { bestScore: 54, evaluations: 20529, trace: '23e69f1373259137' },
  ],
  'edge/sa': [
    { bestScore: 54, evaluations: 20793, trace: 'f00a31cc89316034' },
    { bestScore: 53, evaluations: 21594, trace: '05e4d03b6ff6e380' },
  ],
  'edge/sa hinted': [
    { bestScore: 53, evaluations: 21375, trace: '04066e491e36ff2e' },
    { bestScore: 54, evaluations: 21531, trace: '8c4b068232dd211f' },
  ],
  'edge/tabu': [
    { bestScore: 55, evaluations: 20601, trace: 'c1728c50d1eb2a05' },
    { bestScore: 55, evaluations: 22101, trace: 'c4f5d5842d62779c' },
  ],
  'edge/tabu hinted': [
    { bestScore: 56, evaluations: 22301, trace: '42b71b337b15bc98' },
    { bestScore: 56, evaluations: 20801, trace: '643fe77abf825e18' },
  ],
  'edge/lns': [
    { bestScore: 56, evaluations: 20566, trace: 'e2711491ce1933c1' },
    { bestScore: 56, evaluations: 20542, trace: '9d2533f8c70f29dc' },
  ],
  'edge/lns hinted': [
    { bestScore: 55, evaluations: 21290, trace: 'd734b431fd8c4b95' },
    { bestScore: 55, evaluations: 20057, trace: 'aaa3a91a6e60305a' },
  ],
  'edge/beam': [
    { bestScore: 55, evaluations: 20241, trace: 'bbd05dc60c8b7a09' },
    { bestScore: 54, evaluations: 20418, trace: '9b1a4e99682f7682' },
  ],
  'edge/beam hinted': [
    { bestScore: 56, evaluations: 20881, trace: '8ba8344b7e7a0829' },
    { bestScore: 56, evaluations: 20831, trace: 'b2dd2f243f8350e7' },
  ],
  'edge/ms-gvns': [
    { bestScore: 55, evaluations: 20582, trace: 'd94bee5f7733c796' },
    { bestScore: 54, evaluations: 21927, trace: '425cedaf1d23b858' },
  ],
  'edge/ms-gvns hinted': [
    { bestScore: 54, evaluations: 21900, trace: '04deb5c7c6bc1c5e' },
    { bestScore: 54, evaluations: 20108, trace: 'cdca13369852d2de' },
  ],
  'edge/vns-sa': [
    { bestScore: 55, evaluations: 21916, trace: 'abf55098194a2553' },
    { bestScore: 53, evaluations: 21043, trace: 'a1031dc3cd64d442' },
  ],
  'edge/vns-sa hinted': [
    { bestScore: 55, evaluations: 21079, trace: '5d21b7e63e97bfbd' },
    { bestScore: 54, evaluations: 21531, trace: '1f5588d0f9922c3f' },
  ],
  'edge/ga': [
    { bestScore: 46, evaluations: 20600, trace: '619399b72c0667ca' },
    { bestScore: 46, evaluations: 21200, trace: '6249ed3579205549' },
  ],
  'edge/ga hinted': [
    { bestScore: 45, evaluations: 20600, trace: '95bf9810f25d777b' },
    { bestScore: 47, evaluations: 21600, trace: '57701dd6ccfe1414' },
  ],
  'edge/ga-memetic': [
    { bestScore: 57, evaluations: 200008, trace: '2ff27a8dcece7963' },
    { bestScore: 58, evaluations: 200008, trace: 'c27ce672a61d75f2' },
  ],
  'edge/ga-memetic hinted': [
    { bestScore: 56, evaluations: 200008, trace: 'eccb32f5ad158055' },
    { bestScore: 56, evaluations: 200008, trace: '38f716dbf562ac20' },
  ],
  'edge/backtrack': [
    { bestScore: 57, evaluations: 20035, trace: '42c56fbf26ccd5d9' },
    { bestScore: 56, evaluations: 20695, trace: '92380745ca5ce8de' },
  ],
  'edge/backtrack hinted': [
    { bestScore: 58, evaluations: 20510, trace: '691fa8ec89963b3e' },
    { bestScore: 58, evaluations: 22087, trace: '64f9e19e1942c9bb' },
  ],
  'edge/backtrack-2x2': [
    { bestScore: 52, evaluations: 22204, trace: '265062208567a1a9' },
    { bestScore: 52, evaluations: 22204, trace: '6b38c417d4aa3b10' },
  ],
  'edge/backtrack-2x2 hinted': [
    { bestScore: 58, evaluations: 20672, trace: 'd4462af3f4f8701f' },
    { bestScore: 58, evaluations: 20672, trace: 'e00fac8c5bbe7121' },
  ],
  'jump/hill-climb': [
    { bestScore: 28, evaluations: 20348, trace: '345c3db38b087041' },
    { bestScore: 26, evaluations: 21663, trace: '8629290aed5db40e' },
  ],
  'jump/sa': [
    { bestScore: 26, evaluations: 21314, trace: '6beeaa5ede28f8a8' },
    { bestScore: 30, evaluations: 22270, trace: '3d8eb2782898b35b' },
  ],
  'jump/ga': [
    { bestScore: 20, evaluations: 20286, trace: 'c90b1e8cff9aad62' },
    { bestScore: 20, evaluations: 21835, trace: '1cf95ba6035b3129' },
  ],
  'jump/sa-tuned': [
    { bestScore: 25, evaluations: 21632, trace: '8373fc9c6cda5996' },
    { bestScore: 27, evaluations: 20561, trace: 'c0cfd34cbc917996' },
  ],
  'parity/hill-climb': [
    { bestScore: 0, evaluations: 21413, trace: 'bedd4ed540034ca3' },
    { bestScore: 0, evaluations: 22344, trace: '44f477f325be6cbd' },
  ],
  'parity/ga': [
    { bestScore: -4, evaluations: 21620, trace: '77882b98e48fb796' },
    { bestScore: -2, evaluations: 21958, trace: '47c0178741203cd2' },
  ],
  'parity/sa': [
    { bestScore: -4, evaluations: 20733, trace: 'ac2df7fe9aabb425' },
    { bestScore: -4, evaluations: 21456, trace: '54643261f3930db0' },
  ],
  'parity/exact': [
    { bestScore: 0, evaluations: 1, trace: 'ffa05894d8765686' },
    { bestScore: 0, evaluations: 1, trace: 'ffa05894d8765686' },
  ],
};

describe('the same seed gives the same run as before the typed seam', () => {
  it('pins every solver of the catalogue', () => {
    expect(Object.keys(PINNED).sort()).toEqual(
      cases()
        .map((c) => c.name)
        .sort(),
    );
  });
  it.each(cases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    expect([7, 8].map((seed) => fingerprint(c.def, c.puzzle(), seed))).toEqual(PINNED[name]);
  });
});

/** The acceptance rules the defaults do not reach, recorded before they moved to engines/acceptance. */
const PINNED_VARIANTS: Record<string, Fingerprint[]> = {
  'edge/lns greedy': [
    { bestScore: 56, evaluations: 20566, trace: 'e2711491ce1933c1' },
    { bestScore: 56, evaluations: 20542, trace: '9d2533f8c70f29dc' },
  ],
  'edge/lns anneal': [
    { bestScore: 56, evaluations: 20566, trace: 'e2711491ce1933c1' },
    { bestScore: 56, evaluations: 20542, trace: '9d2533f8c70f29dc' },
  ],
  'edge/hill-climb random walk': [
    { bestScore: 54, evaluations: 21895, trace: '877551a10fcccc5a' },
    { bestScore: 54, evaluations: 22265, trace: '02a413e80a72abda' },
  ],
  'edge/sa frozen': [
    { bestScore: 56, evaluations: 22180, trace: 'b1118786e058a252' },
    { bestScore: 56, evaluations: 20268, trace: '9ab1c05214712e81' },
  ],
  'edge/sa reheating': [
    { bestScore: 47, evaluations: 20752, trace: 'b9a0dd497f476138' },
    { bestScore: 50, evaluations: 20140, trace: '5baa9aee4e800f83' },
  ],
  'jump/sa': [
    { bestScore: 30, evaluations: 22248, trace: 'd35a1d3acd4e0df7' },
    { bestScore: 29, evaluations: 21316, trace: '384564771294975e' },
  ],
  'parity/sa reheating': [
    { bestScore: -2, evaluations: 22154, trace: '24f31c2c92c5e25d' },
    { bestScore: -2, evaluations: 20918, trace: 'bf44ec829a32dc62' },
  ],
  'parity/sa frozen': [
    { bestScore: 0, evaluations: 2165, trace: '87748a0a07ea24bb' },
    { bestScore: 0, evaluations: 1757, trace: '15ee8a6a116e0839' },
  ],
  'edge/vns-sa cold': [
    { bestScore: 57, evaluations: 21829, trace: '54145e2baedd50b8' },
    { bestScore: 56, evaluations: 20337, trace: '073cc047a2fab09d' },
  ],
};

describe('the same seed gives the same run with every acceptance rule', () => {
  it.each(VARIANTS.map((v) => [v[0], v] as const))('%s', (name, [, family, id, params]) => {
    expect([7, 8].map((seed) => fingerprintWith(findSolver(family, id), PUZZLES[family](), seed, params))).toEqual(PINNED_VARIANTS[name]);
  });
});
