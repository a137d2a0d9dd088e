import type { FamilyId } from '../../../core/families/family';

export const FAMILY_INFO: readonly { id: FamilyId; label: string; short: string }[] = [
  { id: 'edge', label: 'Edge matching', short: 'Edge' },
  { id: 'jump', label: 'Jump maze', short: 'Jump' },
  { id: 'parity', label: 'Casse-tête', short: 'Parity' },
];

export const familyShort = (id: FamilyId): string => FAMILY_INFO.find((f) => f.id === id)?.short ?? id;
export const familyLabel = (id: FamilyId): string => FAMILY_INFO.find((f) => f.id === id)?.label ?? id;

/** The first line of an error, as the UI shows it (the backend's errors are one line already). */
export function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n', 1)[0] ?? text).replace(/^Error:\s*/, '');
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "Just now", "5 minutes ago", "yesterday", or a date for anything older than a month. */
export function ago(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return 'Never';
  const seconds = Math.round((ms - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'Just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return absolute.format(ms);
}

export const dateTime = (ms: number): string => absolute.format(ms);

/** A name made safe for a file name: `Eternity II (copy)` → `Eternity_II_copy`. */
export function safeFileName(name: string, fallback = 'puzzle'): string {
  return (
    name
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[_.]+|_+$/g, '')
      .slice(0, 120) || fallback
  );
}
