/**
 * When can exactly m tokens be removed from a full n x n grid so that every row and every column
 * keeps an even number of tokens (Casse-tete CT_n(m))?
 *
 *   feasible  <=>  0 <= m <= n^2,  n^2 - m even,  m != n^2 - 2,  m != 2,  and  m >= n when n is odd.
 *
 * (For odd n, m != 2 already follows from the parity condition; for even n, m >= n is not needed.)
 * The paper's "(n^2 - m) even and m <= n^2" misses the last three conditions.
 *
 * Necessity. Let K be the kept cells, R the removed ones.
 *  - |K| is a sum of even row counts, so n^2 - m = |K| is even.
 *  - |K| = 2 is impossible: the two tokens must share a row (else two rows hold one) and a column,
 *    i.e. be the same cell. So m != n^2 - 2.
 *  - Each row removes n - (even) tokens, an amount = n (mod 2); likewise each column. For even n,
 *    R has even rows and columns, so by the same argument |R| != 2: m != 2.
 *  - For odd n, every row removes an odd number >= 1 of tokens, so m >= n.
 * Sufficiency (construction sketch, on the kept set K of size k = n^2 - m). Even n: unions of the
 *   (n/2)^2 disjoint 2x2 blocks keep any multiple of 4; the 3x3-minus-diagonal hexagon (6 cells)
 *   or its complement in the top-left 4x4 square (10 cells), plus 2x2 blocks outside that square,
 *   keep any 6 <= k <= n^2 - 6 with k = 2 (mod 4). Odd n: inside the top-left (n-1) x (n-1)
 *   square that gives every even k <= (n-1)^2 but 2 and (n-1)^2 - 2; the rest, (n-1)^2 - 2 <= k
 *   <= n^2 - n, is "everything off the diagonal" minus disjoint off-diagonal rectangles and
 *   hexagons. The test (test/core/families/parity/feasibility.test.ts) checks every m exactly for
 *   n <= 10 by dynamic programming over rows (state: column-parity mask, value: reachable counts),
 *   itself checked against enumerating all 2^(n^2) grids for n <= 4.
 */
export interface ParityFeasibility {
  feasible: boolean;
  /** One line, stating the condition in words (suitable for a warning or error message). */
  reason: string;
}

export const PARITY_CONDITION = 'a solution exists exactly when 0 <= m <= n^2, n^2 - m is even, m is neither 2 nor n^2 - 2, and m >= n when n is odd';

export function parityFeasible(n: number, m: number): ParityFeasibility {
  const no = (why: string): ParityFeasibility => ({ feasible: false, reason: `n = ${n}, m = ${m} has no solution: ${why} (${PARITY_CONDITION})` });
  if (!Number.isInteger(n) || n < 1) return no('n must be a whole number >= 1');
  if (!Number.isInteger(m) || m < 0) return no('m must be a whole number >= 0');
  const cells = n * n;
  if (m > cells) return no(`m exceeds the ${cells} tokens on the grid`);
  if ((cells - m) % 2 !== 0) return no(`${cells - m} tokens would remain, an odd number, but even rows add up to an even total`);
  if (cells - m === 2) return no('the 2 remaining tokens would have to share both a row and a column');
  if (n % 2 === 0 && m === 2)
    return no('with n even every row and column loses an even number, so the 2 removed tokens would have to share both a row and a column');
  if (n % 2 === 1 && m < n) return no(`with n odd every row must lose an odd number (at least 1) of tokens, so at least ${n} must be removed`);
  return { feasible: true, reason: `n = ${n}, m = ${m} is feasible: ${PARITY_CONDITION}` };
}
