/**
 * The critical-difference diagram: well-formed standalone SVG (checked by a small XML reader
 * here), labels escaped and cut, one lead line per setting on the right side, the CD bar to
 * scale and one bar per clique.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cdDiagramSvg, escapeXml } from '../../../src/core/stats/cd-diagram';
import { cdCliques, nemenyiCd } from '../../../src/core/stats/over-puzzles';

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Text and child elements in document order. */
  parts: (string | XmlElement)[];
}

const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

/** Parses a small XML document strictly (balanced tags, quoted unique attributes, only the predefined entities); throws on anything malformed. */
function parseXml(doc: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i}: ${JSON.stringify(doc.slice(i, i + 40))}`);
  };
  const text = (stop: string): string => {
    let out = '';
    while (i < doc.length && doc[i] !== stop) {
      if (doc[i] === '&') {
        const m = ENTITY.exec(doc.slice(i));
        if (!m) fail('bad entity');
        out += m![0];
        i += m![0].length;
        continue;
      }
      if (doc[i] === '<' || (stop === '"' && doc[i] === '<')) fail('raw <');
      out += doc[i++];
    }
    return out;
  };
  if (doc.startsWith('<?xml')) i = doc.indexOf('?>') + 2;
  const element = (): XmlElement => {
    const m = /^<([A-Za-z][\w:-]*)/.exec(doc.slice(i));
    if (!m) fail('expected a tag');
    const el: XmlElement = { name: m![1]!, attrs: {}, children: [], parts: [] };
    i += m![0].length;
    for (;;) {
      while (/\s/.test(doc[i]!)) i++;
      if (doc.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (doc[i] === '>') {
        i++;
        break;
      }
      const a = /^([A-Za-z][\w:-]*)="/.exec(doc.slice(i));
      if (!a) fail('bad attribute');
      if (a![1]! in el.attrs) fail('repeated attribute');
      i += a![0].length;
      el.attrs[a![1]!] = text('"');
      if (doc[i] !== '"') fail('unclosed attribute');
      i++;
    }
    for (;;) {
      el.parts.push(text('<'));
      if (i >= doc.length) fail(`unclosed <${el.name}>`);
      if (doc.startsWith('</', i)) {
        const close = `</${el.name}>`;
        if (!doc.startsWith(close, i)) fail(`expected ${close}`);
        i += close.length;
        return el;
      }
      const child = element();
      el.children.push(child);
      el.parts.push(child);
    }
  };
  while (/\s/.test(doc[i]!)) i++;
  const root = element();
  if (doc.slice(i).trim() !== '') fail('text after the root');
  return root;
}

function all(el: XmlElement, pred: (e: XmlElement) => boolean): XmlElement[] {
  return [...(pred(el) ? [el] : []), ...el.children.flatMap((c) => all(c, pred))];
}

/** The element's text with its children's, entities decoded. */
function textOf(el: XmlElement): string {
  const own = el.parts.map((p) => (typeof p === 'string' ? p : textOf(p))).join('');
  return own.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
}

describe('parseXml (the checker itself)', () => {
  it('rejects what is not well-formed', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow();
    expect(() => parseXml('<a>1 < 2</a>')).toThrow();
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow();
    expect(() => parseXml('<a>R&D</a>')).toThrow();
    expect(parseXml('<a x="&amp;"><b/>t</a>').children).toHaveLength(1);
  });
});

describe('cdDiagramSvg', () => {
  const labels = ['tabu', 'sa <fast> & "hot"', "beam 'wide'", 'greedy'];
  const ranks = [1.4, 2.1, 3.0, 3.5];
  const cd = nemenyiCd(4, 12);
  const svg = cdDiagramSvg({ labels, averageRanks: ranks, cd, cliques: cdCliques(ranks, cd), title: 'Over <12> puzzles' });
  const root = parseXml(svg);

  it('is a standalone, well-formed SVG document of the asked width', () => {
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(root.name).toBe('svg');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.attrs.width).toBe('640');
    expect(Number(root.attrs.height)).toBeGreaterThan(100);
    expect(parseXml(cdDiagramSvg({ labels, averageRanks: ranks, cd: null, cliques: [] }, 900)).attrs.width).toBe('900');
  });

  it('escapes every label and the title', () => {
    expect(svg).not.toContain('<fast>');
    expect(svg).toContain('sa &lt;fast&gt; &amp; &quot;hot&quot;');
    expect(svg).toContain('beam &apos;wide&apos;');
    const texts = all(root, (e) => e.attrs.class === 'label').map(textOf);
    expect(texts).toEqual(['tabu(1.40)', 'sa <fast> & "hot"(2.10)', "(3.00)beam 'wide'", '(3.50)greedy']);
    expect(textOf(all(root, (e) => e.attrs.class === 'title')[0]!)).toBe('Over <12> puzzles');
  });

  it('puts the better half on the left, best at the left end of the axis', () => {
    const leads = all(root, (e) => e.attrs.class === 'lead').map((e) => e.attrs.points!.split(' ').map((p) => p.split(',').map(Number)));
    expect(leads).toHaveLength(4);
    // The lead starts on the axis at the rank: x grows with the rank.
    const xs = leads.map((pts) => pts[0]![0]!);
    expect(xs[0]!).toBeLessThan(xs[1]!);
    expect(xs[1]!).toBeLessThan(xs[2]!);
    expect(xs[2]!).toBeLessThan(xs[3]!);
    // The first two run left, the others right.
    expect(leads.map((pts) => Math.sign(pts[2]![0]! - pts[1]![0]!))).toEqual([-1, -1, 1, 1]);
  });

  it('draws the CD to the scale of the axis and one bar per clique', () => {
    const axis = all(root, (e) => e.attrs.class === 'axis')[0]!.children[0]!;
    const perRank = (Number(axis.attrs.x2) - Number(axis.attrs.x1)) / 3;
    const cdBar = all(root, (e) => e.attrs.class === 'cd')[0]!.children[0]!;
    expect(Number(cdBar.attrs.x2) - Number(cdBar.attrs.x1)).toBeCloseTo(cd * perRank, 1);
    expect(textOf(all(root, (e) => e.attrs.class === 'cd-label')[0]!)).toBe(`CD = ${cd.toFixed(2)}`);
    expect(all(root, (e) => e.attrs.class === 'clique')).toHaveLength(cdCliques(ranks, cd).length);
    const noCd = parseXml(cdDiagramSvg({ labels, averageRanks: ranks, cd: null, cliques: [] }));
    expect(all(noCd, (e) => e.attrs.class === 'cd' || e.attrs.class === 'clique')).toHaveLength(0);
  });

  it('cuts long labels with an ellipsis and shows control characters as escapes', () => {
    const long = 'a'.repeat(300);
    const out = parseXml(cdDiagramSvg({ labels: [long, 'x\u001b[31m', 'ok'], averageRanks: [1, 2, 3], cd: 1, cliques: [[0, 1]] }));
    const texts = all(out, (e) => e.attrs.class === 'label').map(textOf);
    expect(texts[0]!.length).toBeLessThan(80);
    expect(texts[0]).toContain('…');
    expect(texts.join(' ')).toContain('x\\x1b[31m');
  });

  it('stays well-formed and inside its width for 2 to 20 settings and any labels', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 20 })
          .chain((k) =>
            fc.tuple(
              fc.array(fc.string({ unit: 'binary', maxLength: 120 }), { minLength: k, maxLength: k }),
              fc.array(fc.double({ min: 1, max: k, noNaN: true }), { minLength: k, maxLength: k }),
            ),
          ),
        fc.option(fc.double({ min: 0.01, max: 30, noNaN: true })),
        ([names, rs], cdValue) => {
          const doc = cdDiagramSvg({ labels: names, averageRanks: rs, cd: cdValue, cliques: cdValue === null ? [] : cdCliques(rs, cdValue), title: names[0] });
          const el = parseXml(doc);
          const width = Number(el.attrs.width);
          for (const l of all(el, (e) => e.name === 'line')) for (const a of ['x1', 'x2']) expect(Number(l.attrs[a])).toBeLessThanOrEqual(width);
          for (const t of all(el, (e) => e.attrs.class === 'label')) {
            // At 0.6 em per character (the diagram's estimate) the label fits between the page edge and the axis.
            const x = Number(t.attrs.x);
            const room = t.attrs['text-anchor'] === 'end' ? x : width - x;
            expect(textOf(t).length * 0.6 * 12).toBeLessThanOrEqual(room + 1);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rejects labels that do not match the ranks and ranks that are not numbers', () => {
    expect(() => cdDiagramSvg({ labels: ['a'], averageRanks: [1, 2], cd: null, cliques: [] })).toThrow(/one label per setting/);
    expect(() => cdDiagramSvg({ labels: ['a', 'b'], averageRanks: [1, NaN], cd: null, cliques: [] })).toThrow(/finite average rank/);
    // Too narrow a page is widened to one that can hold the axis and both label columns.
    expect(parseXml(cdDiagramSvg({ labels: ['a', 'b'], averageRanks: [1, 2], cd: null, cliques: [] }, 50)).attrs.width).toBe('320');
  });
});

describe('escapeXml', () => {
  it('escapes the five specials and replaces code points XML forbids', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('a\ud800b\uffff😀')).toBe('a\ufffdb\ufffd😀');
  });
});
