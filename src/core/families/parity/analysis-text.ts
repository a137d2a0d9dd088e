/** The parity family's analysis in words (its contract's `analysis.text`). */
import { powerText } from '../../text/numbers';
import type { ParityAnalysis } from './analysis';

export function parityAnalysisLines(a: ParityAnalysis): string[] {
  const head = `casse-tete n = ${a.n}, m = ${a.m}: `;
  if (!a.feasible) return [`${head}no solution (infeasible)`];
  const approx = powerText(a.log10Approx);
  if (a.solutions !== null) {
    const s = a.solutions;
    return [
      `${head}${s.length > 24 ? `${s.slice(0, 6)}... (${s.length} digits, about ${powerText(Math.log10(Number(s.slice(0, 15))) + s.length - 15)})` : s} solutions, exact`,
      '  by the parity-character formula N = 2^-2n sum_{a,b} C(n,a) C(n,b) (-1)^(n(a+b)) [z^m] (1+z)^(n^2-k) (1-z)^k, k = a(n-b)+b(n-a)',
      `  (the approximation C(n^2, m) / 2^(2n-2) gives ${approx})`,
    ];
  }
  return [
    `${head}about ${approx} solutions (approximation C(n^2, m) / 2^(2n-2); too large to count exactly here)`,
    `  upper bound min(C(n^2, m), 2^((n-1)^2)) = ${powerText(a.log10Bound)}`,
  ];
}
