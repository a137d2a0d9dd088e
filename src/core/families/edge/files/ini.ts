import { FormatError } from '../../../document/errors';
import type { TextFormat } from '../../family';
import { MAX_PIECES, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { TRBL, sideOfName } from './orders';
import { foundReading, type FoundPieces } from './rows-to-pieces';

/**
 * INI-style files: `[SECTION]` headings, `key=value` (or `key: value`) lines, `;` and `#`
 * comments. The pieces are the section with the most rows of 4 colours (or a piece number and 4),
 * written bare or as the value of a key (`p1=0 1 2 0`); the size comes from keys such as width,
 * height, size, rows or cols (in English or French), wherever they stand.
 */
export interface IniFile {
  sections: {
    name: string;
    line: number;
    /** Lines of 4 or more values (numbers or colour words), bare or as a key's value. */
    rows: { no: number; v: string[]; key: string | null }[];
    /** Colours under side-named keys (`top=3`, `N=3`), when the section is one piece. */
    sides: Map<number, string>;
  }[];
  /** Numeric keys by lower-case name, first value kept. */
  keys: Map<string, number>;
}

const SECTION = /^\[\s*([^\]]{1,80}?)\s*\]$/;
const KEY_VALUE = /^([^=:]{1,80}?)\s*[=:]\s*(.*)$/;
const VALUES = /^[A-Za-z0-9]{1,12}(?:[\s,;|/-]+[A-Za-z0-9]{1,12})*$/;
const SPLIT = /[\s,;|/-]+/;

/** The sections and numeric keys of an INI text; null when it has no `[section]` line. One pass. */
export function readIni(text: string): IniFile | null {
  type Section = IniFile['sections'][number];
  const sections: Section[] = [];
  const keys = new Map<string, number>();
  let current: Section = { name: '', line: 0, rows: [], sides: new Map() };
  const lines = text.split(/\r\n|\n|\r/);
  for (let k = 0; k < lines.length; k++) {
    const t = lines[k].trim();
    if (t === '' || t.startsWith(';') || t.startsWith('#') || t.startsWith('//')) continue;
    const s = SECTION.exec(t);
    if (s) {
      if (current.rows.length > 0 || current.name) sections.push(current);
      current = { name: s[1], line: k + 1, rows: [], sides: new Map() };
      continue;
    }
    const cut = t.search(/[;#]/);
    const body = cut < 0 ? t : t.slice(0, cut).trimEnd();
    const kv = VALUES.test(body) ? null : KEY_VALUE.exec(body);
    const value = kv ? kv[2].trim() : body;
    if (!VALUES.test(value)) continue;
    const v = value.split(SPLIT);
    if (kv && v.length === 1) {
      const name = kv[1].trim();
      const side = sideOfName(name);
      if (side >= 0) current.sides.set(side, v[0]);
      else if (/^\d{1,9}$/.test(v[0]) && !keys.has(name.toLowerCase())) keys.set(name.toLowerCase(), Number(v[0]));
      continue;
    }
    // All the pieces' colours under one key, four by four.
    if (v.length >= 8 && v.length % 4 === 0 && v.length > 5)
      for (let j = 0; j < v.length; j += 4) current.rows.push({ no: k + 1, v: v.slice(j, j + 4), key: null });
    else current.rows.push({ no: k + 1, v, key: kv ? kv[1].trim() : null });
  }
  if (current.rows.length > 0 || current.name) sections.push(current);
  return sections.some((s) => s.name !== '') ? { sections, keys } : null;
}

const WIDTH = ['width', 'w', 'cols', 'columns', 'ncols', 'largeur', 'colonnes', 'nbcolonnes', 'nb_colonnes', 'breite'];
const HEIGHT = ['height', 'h', 'rows', 'nrows', 'hauteur', 'lignes', 'nblignes', 'nb_lignes', 'hoehe'];
const SIDE = ['size', 'side', 'n', 'taille', 'cote', 'dimension', 'dim'];
const PIECE_SECTION = /piece|pi[eè]ce|tile|tuile|set|jeu/i;
/** Sections of fixed pieces, hints or constraints: never pieces of the set. */
const HINT_SECTION = /hint|clue|fix|indice|contrainte|constraint|given/i;

function sizeOf(keys: Map<string, number>): { rows: number; cols: number } | null {
  const first = (names: string[]): number | undefined => names.map((n) => keys.get(n)).find((v) => v !== undefined);
  const w = first(WIDTH);
  const h = first(HEIGHT);
  const s = first(SIDE);
  const rows = h ?? s ?? w;
  const cols = w ?? s ?? h;
  if (rows === undefined || cols === undefined || rows < 1 || cols < 1 || rows * cols > MAX_PIECES) return null;
  return { rows, cols };
}

/**
 * The pieces of an INI file: the section with the most rows of 4 or 5 values, or, when more
 * sections than that are each one piece (four side-named keys), those sections in file order.
 */
export function iniPieces(ini: IniFile): FoundPieces | null {
  const score = (s: IniFile['sections'][number]): number => {
    const rows = s.rows.filter((r) => r.v.length === 4 || r.v.length === 5).length;
    return rows * 2 + (PIECE_SECTION.test(s.name) ? 1 : 0);
  };
  const best = [...ini.sections].sort((a, b) => score(b) - score(a))[0];
  const oneEach = ini.sections.filter((s) => s.sides.size === 4);
  const size = sizeOf(ini.keys);
  if (oneEach.length >= 2 && oneEach.length * 2 > (best ? score(best) : 0))
    return {
      rows: oneEach.map((s) => [0, 1, 2, 3].map((side) => s.sides.get(side)!)),
      lines: oneEach.map((s) => s.line),
      where: `the ${oneEach.length} sections with top, right, bottom and left keys`,
      size,
      order: TRBL,
    };
  if (!best || score(best) < 4) return null;
  // Pieces grouped in several sections (corners, sides, inner ones): every section of rows as wide as the best one's,
  // hints aside, when together they fill the board and the best one alone does not.
  const width = (sec: IniFile['sections'][number]): number => {
    const w = sec.rows.filter((r) => r.v.length >= 4).map((r) => r.v.length);
    return w.length > 0 && w.every((x) => x === w[0]) ? w[0] : -1;
  };
  const fills = (n: number): boolean => (size ? n === size.rows * size.cols : n >= 4 && Number.isInteger(Math.sqrt(n)));
  const group = ini.sections.filter((sec) => width(sec) === width(best) && !HINT_SECTION.test(sec.name));
  const count = (secs: IniFile['sections']): number => secs.reduce((a, sec) => a + sec.rows.filter((r) => r.v.length >= 4).length, 0);
  const chosen = group.length > 1 && !fills(count([best])) && fills(count(group)) ? group : [best];
  const rows = chosen.flatMap((sec) => sec.rows.filter((r) => r.v.length >= 4));
  // A numeric key numbering each row is its piece number.
  const keyed = rows.every((r) => r.key !== null && /^\D*\d{1,6}$/.test(r.key) && r.v.length === 4);
  return {
    rows: rows.map((r) => (keyed ? [/\d+$/.exec(r.key!)![0], ...r.v] : r.v)),
    lines: rows.map((r) => r.no),
    where:
      chosen.length > 1
        ? `sections ${chosen.map((sec) => `[${sec.name}]`).join(', ')}`
        : best.name
          ? `section [${best.name}]`
          : 'the lines before the first section',
    size,
    order: null,
  };
}

export const iniFormat: TextFormat<EdgePuzzle, EdgeBoard> = {
  id: 'ini',
  label: 'INI-style file ([sections], key=value)',
  extensions: ['ini'],
  read(text, file, options = {}) {
    const [r] = this.readings!(text, file, options);
    return r.value[0];
  },
  readings(text, file, options = {}) {
    const ini = readIni(text);
    if (!ini) throw new FormatError('not an INI-style file: no [section] line', file);
    const found = iniPieces(ini);
    if (!found)
      throw new FormatError(
        `no section holds pieces (rows of 4 colours, or a piece number and 4): the sections are ${ini.sections
          .filter((s) => s.name)
          .map((s) => `[${s.name}]`)
          .slice(0, 5)
          .join(', ')}`,
        file,
      );
    const notes = [`pieces read from ${found.where}${found.size ? `, the size from its keys (${found.size.rows}x${found.size.cols})` : ''}`];
    return [foundReading(found, null, file, options, { reason: `an INI-style file with the pieces in ${found.where}`, weight: 2 }, notes)];
  },
  readOnly: true,
  write() {
    return null;
  },
};
