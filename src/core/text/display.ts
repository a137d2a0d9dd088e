/**
 * Text from files and users, made safe to show: on a terminal (where ESC and BEL are commands),
 * in one-line messages, and in tables. Control characters are shown as escapes, long text is cut
 * with an ellipsis, and names have a length limit with a clear error.
 */

/** C0 controls, DEL, C1 controls, line/paragraph separators, and the bidirectional overrides and isolates (which reorder what follows them). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Every control character as a visible escape: `\n`, `\x1b`, `\u202e`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** At most `max` characters: longer text keeps its start and ends with an ellipsis (never half a surrogate pair). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Longest one-line message shown (errors quoting a file's line stay readable). */
export const MAX_MESSAGE_LENGTH = 300;

/** Text for display: controls escaped, then cut to `max` characters. Only the first `4 * max` characters are looked at. */
export function displayText(text: string, max = 120): string {
  return cut(escapeControls(text.length > 4 * max ? text.slice(0, 4 * max) : text), max);
}

/**
 * A message as one safe line: the first line only, controls escaped, at most `max` characters.
 * A longer one loses its middle, not its end: a message's reason ("no such file", "(nothing
 * imported)") comes after the file name or line it quotes, which may be any length.
 */
export function oneLine(text: string, max = MAX_MESSAGE_LENGTH): string {
  const nl = text.search(/\r?\n/);
  const first = (nl < 0 ? text : text.slice(0, nl)).trim();
  // Only both ends are looked at: a 1 MB line costs what a short one does.
  const ends = first.length > 8 * max ? `${first.slice(0, 4 * max)}${first.slice(-4 * max)}` : first;
  const line = escapeControls(ends);
  if (line.length <= max) return line;
  const tail = Math.floor((max - 1) * 0.4);
  let from = line.length - tail;
  const atFrom = line.charCodeAt(from);
  if (atFrom >= 0xdc00 && atFrom <= 0xdfff) from++;
  return `${cut(line, max - tail)}${line.slice(from)}`;
}

/** Longest puzzle name accepted. */
export const MAX_NAME_LENGTH = 200;

/** A name trimmed and checked: not empty, at most MAX_NAME_LENGTH characters. `what` names its owner in the error ("a puzzle"). */
export function checkName(name: string, what = 'a puzzle'): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error(`${what} needs a name`);
  if (trimmed.length > MAX_NAME_LENGTH) {
    throw new Error(
      `${what}'s name can have at most ${MAX_NAME_LENGTH} characters; this one has ${trimmed.length.toLocaleString('en-US')} ("${displayText(trimmed, 40)}")`,
    );
  }
  return trimmed;
}

/**
 * A value from a file as a message shows it ("got [1,2,…]"): JSON-like, at most `max`
 * characters, and only a few levels deep, so a value nested 100,000 deep or a megabyte long
 * costs no more than a short one (JSON.stringify of the first overflowed the stack).
 */
export function valueText(x: unknown, max = 40): string {
  let out = '';
  const put = (s: string): boolean => {
    out += s;
    return out.length <= max;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (v === undefined) return put('undefined');
    if (v === null || typeof v !== 'object') return put(typeof v === 'string' ? JSON.stringify(cut(v, max + 1)) : typeof v === 'bigint' ? `${v}` : String(v));
    if (depth >= 3) return put(Array.isArray(v) ? '[…]' : '{…}');
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !walk(v[i], depth + 1)) return false;
      return put(']');
    }
    if (!put('{')) return false;
    let first = true;
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      if ((!first && !put(',')) || !put(`${JSON.stringify(cut(k, max + 1))}:`) || !walk((v as Record<string, unknown>)[k], depth + 1)) return false;
      first = false;
    }
    return put('}');
  };
  walk(x, 0);
  return escapeControls(cut(out, max));
}
