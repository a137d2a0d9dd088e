import { FAMILY_IDS, type FamilyId } from '../../../core/families/family';
import { familyLabel, familyShort, kindLabel, shortLabel } from '../../../core/text/run-text';

// Family names come from the families themselves, through the one text module.
export { familyLabel, familyShort, kindLabel, shortLabel };

/** Every family with its name, for pickers and filters. */
export const FAMILY_INFO: readonly { id: FamilyId; label: string; short: string }[] = FAMILY_IDS.map((id) => ({
  id,
  label: familyLabel(id),
  short: familyShort(id),
}));

/** The first line of an error, as the UI shows it (the backend's errors are one line already). */
export function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n', 1)[0] ?? text).replace(/^Error:\s*/, '');
}

// Times as text come from the one text module (core/text/run-text.ts), as everywhere.
export { agoText as ago, whenText } from '../../../core/text/run-text';

// File names from the one core helper, as the CLI's and the backend's exports.
export { safeFileName } from '../../../core/text/file-name';
