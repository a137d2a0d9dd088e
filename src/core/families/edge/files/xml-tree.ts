import { FormatError } from '../../../document/errors';

/**
 * A small XML reader for other programs' saves: elements become objects keyed by child tag
 * (a tag that repeats becomes a list), attributes become keys, an element holding only text
 * becomes its text. Enough for the walk of save-tree.ts; no entities beyond the five named ones,
 * no namespaces (a prefix stays part of the name). One pass; nesting bounded.
 */
type Node = Record<string, unknown>;

const MAX_DEPTH = 64;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescape = (s: string): string => s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ENTITIES[e]);
const NAME = /^[A-Za-z_][\w.:-]*/;
// Names bounded in length, so a long run of name characters without `=` is not scanned again from every start.
const ATTR = /([A-Za-z_][\w.:-]{0,80})\s*=\s*("[^"]*"|'[^']*')/g;

interface Open {
  name: string;
  node: Node;
  text: string;
  children: number;
}

function add(parent: Node, name: string, value: unknown): void {
  const had = parent[name];
  if (had === undefined) parent[name] = value;
  else if (Array.isArray(had) && (had as { fromXml?: boolean }).fromXml) had.push(value);
  else {
    const list: unknown[] & { fromXml?: boolean } = [had, value];
    list.fromXml = true;
    parent[name] = list;
  }
}

/** The document's root element as `{ [rootName]: value }`. Throws a FormatError naming the line of what is wrong. */
export function readXmlTree(text: string, file: string): Node {
  const root: Node = {};
  const stack: Open[] = [];
  const lineAt = (i: number): number => {
    let n = 1;
    for (let k = text.indexOf('\n'); k >= 0 && k < i; k = text.indexOf('\n', k + 1)) n++;
    return n;
  };
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (stack.length > 0) stack[stack.length - 1].text += chunk;
    else if (chunk.trim() !== '') throw new FormatError('expected an XML element, got text outside one', file, lineAt(i));
    if (lt < 0) break;
    const skip = (open: string, close: string): boolean => {
      if (!text.startsWith(open, lt)) return false;
      const end = text.indexOf(close, lt + open.length);
      if (end < 0) throw new FormatError(`an unclosed ${open}`, file, lineAt(lt));
      if (open === '<![CDATA[' && stack.length > 0) stack[stack.length - 1].text += text.slice(lt + open.length, end);
      i = end + close.length;
      return true;
    };
    if (skip('<!--', '-->') || skip('<![CDATA[', ']]>') || skip('<?', '?>') || skip('<!', '>')) continue;
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new FormatError('an unclosed tag', file, lineAt(lt));
    const body = text.slice(lt + 1, gt);
    i = gt + 1;
    if (body.startsWith('/')) {
      const name = body.slice(1).trim();
      const top = stack.pop();
      if (!top || top.name !== name) throw new FormatError(`</${name}> closes ${top ? `<${top.name}>` : 'nothing'}`, file, lineAt(lt));
      close(top);
      continue;
    }
    const m = NAME.exec(body);
    if (!m) throw new FormatError(`expected a tag name after "<", got "${body.slice(0, 20)}"`, file, lineAt(lt));
    if (stack.length === 0 && Object.keys(root).length > 0)
      throw new FormatError(`a second root element <${m[0]}> after <${Object.keys(root)[0]}>: an XML document has one`, file, lineAt(lt));
    const node: Node = {};
    for (const a of body.slice(m[0].length).matchAll(ATTR)) node[a[1]] = unescape(a[2].slice(1, -1));
    const open: Open = { name: m[0], node, text: '', children: Object.keys(node).length };
    if (body.endsWith('/')) close(open);
    else {
      if (stack.length >= MAX_DEPTH) throw new FormatError(`elements nested more than ${MAX_DEPTH} deep`, file, lineAt(lt));
      stack.push(open);
    }
  }
  if (stack.length > 0) throw new FormatError(`<${stack[stack.length - 1].name}> is never closed`, file);
  if (Object.keys(root).length === 0) throw new FormatError('no XML element', file);
  return root;

  function close(el: Open): void {
    const text = unescape(el.text).trim();
    const value: unknown = el.children === 0 ? text : (text !== '' && (el.node._text = text), el.node);
    const parent = stack.length > 0 ? stack[stack.length - 1] : null;
    if (parent) {
      parent.children++;
      add(parent.node, el.name, value);
    } else add(root, el.name, value);
  }
}
