/**
 * Numbers and durations as text, for every view and for the families' own text (their analysis
 * in words). A leaf: it imports nothing, so a family may use it without a cycle through the
 * family registry that run-text reads.
 */

const int = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567". */
export function countText(n: number): string {
  return int.format(n);
}

/** "8 ms", "0.8 s", "42 s", "3 min 05 s", "1 h 02 min", "2 d 03 h". */
export function durationText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms > 0 && ms < 100) return `${Math.round(ms)} ms`;
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.floor(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${String(h % 24).padStart(2, '0')} h`;
}

/** A whole number as it is, another with `digits` decimals: "52", "52.3". */
export function decimalText(x: number, digits = 1): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}

/** A size in MiB (2^20 bytes), a decimal or two when small: "32 MiB", "12.3 MiB", "0.01 MiB". */
export function mibText(bytes: number): string {
  const mib = bytes / 2 ** 20;
  return `${+mib.toFixed(mib < 1 ? 2 : 1)} MiB`;
}

/** A weight with its sign, one decimal unless whole: "+1.5", "−2", "±0". */
export function signedText(x: number): string {
  return `${x > 0 ? '+' : x < 0 ? '−' : '±'}${decimalText(Number(Math.abs(x).toFixed(1)))}`;
}

/** 10^x as "1.23e+47" (large), a plain number when small, "0" for -Infinity. */
export function powerText(log10: number): string {
  if (log10 === -Infinity) return '0';
  if (!Number.isFinite(log10)) return '-';
  if (log10 < 6) return countText(Math.round(10 ** log10 * 100) / 100);
  const e = Math.floor(log10);
  const m = 10 ** (log10 - e);
  return `${m.toFixed(2)}e+${e}`;
}

/** A figure of a table (a study cell's mean): whole numbers as they are, others with two decimals; `none` when missing. */
export function figureText(x: number | null | undefined, none = '-'): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return none;
  return decimalText(x, 2);
}

/** How far a run is towards its limit, in whole percent rounded down: 99.6 % done is not yet "100%". */
export function limitShareText(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`;
}

/** A share 0..1 in whole percent: "80%". */
export function shareText(x: number | null | undefined, none = '-'): string {
  return x === null || x === undefined ? none : `${Math.round(x * 100)}%`;
}
