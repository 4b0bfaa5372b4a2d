/**
 * A small XML reader for the renderer's tests: elements, attributes and text, enough to read dipkit's SVG as data.
 * Strict on purpose: anything it does not understand (a stray "<", an unclosed or mismatched tag, a bad entity)
 * throws, so a malformed document fails the test that reads it.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([a-z]+);|&/g, (all, name: string | undefined) => {
    const c = name === undefined ? undefined : ENTITIES[name];
    if (c === undefined) throw new Error(`bad entity in "${text.slice(0, 60)}"`);
    return c;
  });
}

/** The document's root element. */
export function parseXml(text: string): XmlElement {
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m) throw new Error(`cannot read XML at offset ${at}: "${text.slice(at, at + 60)}"`);
    at = token.lastIndex;
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += decode(m[5]);
      continue;
    }
    const [, closing, name = '', attributeText = '', selfClosing] = m;
    if (closing === '/') {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attributeText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (a[1]! in attributes) throw new Error(`attribute ${a[1]} twice on <${name}>`);
      attributes[a[1]!] = decode(a[2]!);
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    top.children.push(element);
    if (selfClosing !== '/') stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> is not closed`);
  const elements = root.children;
  if (elements.length !== 1 || root.text.trim() !== '') throw new Error('expected one root element');
  return elements[0]!;
}

/** Every element under `root` (root included, document order) that `keep` accepts. */
export function findAll(root: XmlElement, keep: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    if (keep(e)) out.push(e);
    for (const c of e.children) walk(c);
  };
  walk(root);
  return out;
}

export function classes(e: XmlElement): string[] {
  return (e.attributes['class'] ?? '').split(/\s+/).filter((c) => c !== '');
}

/** Elements whose class list holds every one of `names`. */
export function byClass(root: XmlElement, ...names: string[]): XmlElement[] {
  return findAll(root, (e) => {
    const list = classes(e);
    return names.every((n) => list.includes(n));
  });
}

/** The text of the element's own `<title>` child ('' when none). */
export function titleOf(e: XmlElement): string {
  return e.children.find((c) => c.name === 'title')?.text ?? '';
}
