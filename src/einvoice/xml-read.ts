// A small, safe, namespace-aware XML reader for suppliers' e-invoices (CII, UBL). Safe by design:
// no DTD at all (a DOCTYPE is refused, so no external entity, no entity expansion bomb), only the
// five predefined entities and character references, and only characters XML allows (no NUL, no
// other C0 control, no lone surrogate: PostgreSQL could store neither). Linear in the size of the
// text whatever its shape, and bounded (decision 074): elements, attributes of one element, depth,
// length of one text or attribute value; each limit, far above any real invoice, is refused with its
// own message (XmlLimitError). Pure: runs in the browser too.
// Errors are XmlReadError with a French message naming the line, for the 422 of the deposit.
import { formatCount } from '../domain/format';

export interface XmlElement {
  /** Namespace URI ('' when none). */
  ns: string;
  /** Local name, without its prefix. */
  name: string;
  /** Attributes by local name (namespaced attributes other than xmlns are rare in invoices). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its text nodes and CDATA joined), not its descendants'. */
  text: string;
  line: number;
}

export class XmlReadError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (ligne ${line})`);
    this.name = 'XmlReadError';
  }
}

/** A document beyond one of XML_LIMITS: well-formed perhaps, but refused unread. */
export class XmlLimitError extends XmlReadError {
  constructor(message: string, line: number) {
    super(message, line);
    this.name = 'XmlLimitError';
  }
}

/**
 * The reader's bounds. A real invoice has a few thousand elements (a 10 000-line CII about
 * 400 000), ten attributes on its root, a depth of ten, and texts of a few kB (a PDF embedded in
 * base64 in a UBL, a few MB).
 */
export const XML_LIMITS = {
  elements: 1_000_000,
  attributesPerElement: 256,
  depth: 256,
  /** Characters of one element's text, or of one attribute's value. */
  textLength: 10_000_000,
} as const;

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME =
  /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?$/;
/** What XML 1.0 does not allow anywhere in a document (its production Char), lone surrogates included. */
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Surrogate}/u;
const CHAR_REF = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/;
const isXmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);
/** Leaves share these (most elements have neither attributes nor children): less memory per element. */
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

interface Open {
  qname: string;
  el: XmlElement;
  /** Prefixes this element declares ('' for the default namespace): undone when it closes. */
  declared: string[] | null;
  text: string[];
  textLength: number;
}

/** Parses a whole XML document and answers its root element. */
export function parseXml(source: string): XmlElement {
  return new XmlReader(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source).read();
}

/** One document being read: where the reader is, the open elements, the namespace bindings. */
class XmlReader {
  private i = 0;
  private line = 1;
  private elements = 0;
  private readonly stack: Open[] = [];
  private root: XmlElement | null = null;
  // Namespace bindings: each prefix's URIs, innermost last (pushed by an element, popped at its end).
  private readonly bindings = new Map<string, string[]>([['xml', [XML_NS]]]);

  constructor(private readonly s: string) {}

  read(): XmlElement {
    const { s } = this;
    // One pass over the whole text before anything else (XML forbids these characters everywhere).
    const bad = NOT_XML_CHAR.exec(s);
    if (bad) {
      this.advance(bad.index);
      const code = bad[0].codePointAt(0)!;
      this.fail(
        `caractère de contrôle ou invalide U+${code.toString(16).toUpperCase().padStart(4, '0')}, non autorisé en XML`,
      );
    }
    while (this.i < s.length) {
      const lt = s.indexOf('<', this.i);
      if (lt < 0) {
        this.text(s.slice(this.i));
        this.advance(s.length);
        break;
      }
      if (lt > this.i) {
        this.text(s.slice(this.i, lt));
        this.advance(lt);
      }
      this.markup();
    }
    if (this.stack.length) this.fail(`Balise « ${this.stack[this.stack.length - 1]!.qname} » non fermée`);
    if (!this.root) this.fail('Aucun élément XML');
    return this.root!;
  }

  private fail(message: string): never {
    throw new XmlReadError(message, this.line);
  }

  private refuse(message: string): never {
    throw new XmlLimitError(message, this.line);
  }

  private advance(to: number) {
    for (let k = this.i; k < to; k++) if (this.s.charCodeAt(k) === 10) this.line++;
    this.i = to;
  }

  private decode(raw: string): string {
    return raw.indexOf('&') < 0
      ? raw
      : raw.replace(/&([^;&\s]{0,12});/g, (whole, ref: string) => {
          if (ref.startsWith('#')) {
            const m = CHAR_REF.exec(ref);
            const code = m ? parseInt(m[1] ?? m[2]!, m[1] ? 16 : 10) : NaN;
            if (!isXmlChar(code)) this.fail(`Référence de caractère invalide « ${whole} »`);
            return String.fromCodePoint(code);
          }
          const v = ENTITIES[ref];
          if (v === undefined) this.fail(`Entité inconnue « ${whole} » (les entités déclarées ne sont pas acceptées)`);
          return v;
        });
  }

  /** Counts `length` more characters of text in `top` (its raw length: the decoded text is no longer). */
  private reserve(top: Open, length: number) {
    top.textLength += length;
    if (top.textLength > XML_LIMITS.textLength)
      this.refuse(`texte de plus de ${formatCount(XML_LIMITS.textLength)} caractères dans l’élément « ${top.qname} »`);
  }

  private text(raw: string) {
    if (raw.includes('&') && /&(?![^;&\s]{1,12};)/.test(raw)) this.fail('Caractère « & » non échappé');
    const top = this.stack[this.stack.length - 1];
    if (top) {
      this.reserve(top, raw.length);
      top.text.push(this.decode(raw));
    } else if (raw.trim() !== '') this.fail('Du texte se trouve en dehors de l’élément racine');
  }

  private resolve(qname: string, isAttr: boolean): [string, string] {
    const colon = qname.indexOf(':');
    if (colon < 0) return [isAttr ? '' : (this.bindings.get('')?.at(-1) ?? ''), qname];
    const prefix = qname.slice(0, colon);
    const ns = this.bindings.get(prefix)?.at(-1);
    if (ns === undefined) this.fail(`Préfixe d’espace de noms non déclaré « ${prefix} »`);
    return [ns!, qname.slice(colon + 1)];
  }

  private undeclare(open: Open) {
    if (open.declared) for (const prefix of open.declared) this.bindings.get(prefix)!.pop();
  }

  /** What starts at `<`: a comment, CDATA, a refused declaration, a processing instruction, a tag. */
  private markup() {
    const { s, i } = this;
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      if (end < 0) this.fail('Commentaire non fermé');
      this.advance(end + 3);
    } else if (s.startsWith('<![CDATA[', i)) this.cdata();
    else if (s.startsWith('<!DOCTYPE', i) || s.startsWith('<!doctype', i)) {
      this.fail('Les déclarations DOCTYPE ne sont pas acceptées dans une facture électronique');
    } else if (s.startsWith('<?', i)) {
      const end = s.indexOf('?>', i + 2);
      if (end < 0) this.fail('Instruction de traitement non fermée');
      this.advance(end + 2);
    } else if (s.startsWith('</', i)) this.endTag();
    else if (s.startsWith('<!', i)) this.fail('Déclaration non acceptée');
    else this.startTag();
  }

  private cdata() {
    const { s, i } = this;
    const end = s.indexOf(']]>', i + 9);
    if (end < 0) this.fail('Section CDATA non fermée');
    const top = this.stack[this.stack.length - 1];
    if (!top) this.fail('Section CDATA en dehors de l’élément racine');
    this.reserve(top!, end - i - 9);
    top!.text.push(s.slice(i + 9, end));
    this.advance(end + 3);
  }

  private endTag() {
    const { s, i } = this;
    const end = s.indexOf('>', i + 2);
    if (end < 0) this.fail('Balise fermante non terminée');
    const qname = s.slice(i + 2, end).trim();
    const top = this.stack.pop();
    if (!top) this.fail(`Balise fermante « ${qname} » sans balise ouvrante`);
    if (top!.qname !== qname) this.fail(`Balise « ${top!.qname} » fermée par « ${qname} »`);
    top!.el.text = top!.text.length === 1 ? top!.text[0]! : top!.text.join('');
    this.undeclare(top!);
    this.advance(end + 1);
  }

  /** A start tag: name, attributes, then > or />. */
  private startTag() {
    const { s } = this;
    let k = this.i + 1;
    const nameMatch = /^[^\s/>]+/.exec(s.slice(k, k + 300));
    if (!nameMatch || !NAME.test(nameMatch[0])) this.fail('Nom de balise invalide');
    const qname = nameMatch![0];
    if (++this.elements > XML_LIMITS.elements) this.refuse(`plus de ${formatCount(XML_LIMITS.elements)} éléments`);
    if (this.stack.length >= XML_LIMITS.depth)
      this.refuse(`éléments imbriqués sur plus de ${XML_LIMITS.depth} niveaux`);
    k += qname.length;
    const { rawAttrs, end } = this.attributes(qname, k);
    k = end;
    const selfClosing = s.startsWith('/>', k);
    const declared = this.declare(rawAttrs);
    const [ns, name] = this.resolve(qname, false);
    let attrs = NO_ATTRS;
    for (const [n, v] of rawAttrs) {
      if (n === 'xmlns' || n.startsWith('xmlns:')) continue;
      if (attrs === NO_ATTRS) attrs = {};
      attrs[this.resolve(n, true)[1]] = v;
    }
    const el: XmlElement = { ns, name, attrs, children: NO_CHILDREN, text: '', line: this.line };
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      if (parent.el.children === NO_CHILDREN) parent.el.children = [];
      parent.el.children.push(el);
    } else if (this.root) this.fail('Le document a plusieurs éléments racines');
    else this.root = el;
    const open: Open = { qname, el, declared, text: [], textLength: 0 };
    if (selfClosing) this.undeclare(open);
    else this.stack.push(open);
    this.advance(k + (selfClosing ? 2 : 1));
  }

  /** The attributes of `qname` from `k` up to its > or /> (where `end` is), their values decoded. */
  private attributes(qname: string, k: number): { rawAttrs: Array<[string, string]>; end: number } {
    const { s } = this;
    const rawAttrs: Array<[string, string]> = [];
    const names = new Set<string>();
    const attrRe = /\s*([^\s=/>]+)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
    const ws = /\s*/y;
    for (;;) {
      ws.lastIndex = k;
      ws.exec(s);
      const afterWs = ws.lastIndex;
      if (s.startsWith('/>', afterWs) || s[afterWs] === '>') return { rawAttrs, end: afterWs };
      if (afterWs === k && rawAttrs.length > 0) this.fail(`Attributs mal séparés dans « ${qname} »`);
      if (rawAttrs.length >= XML_LIMITS.attributesPerElement)
        this.refuse(`plus de ${XML_LIMITS.attributesPerElement} attributs sur l’élément « ${qname} »`);
      attrRe.lastIndex = k;
      const m = attrRe.exec(s);
      if (!m) {
        if (afterWs >= s.length) this.fail(`Balise « ${qname} » non terminée`);
        this.fail(`Attribut mal formé dans « ${qname} »`);
      }
      const attrName = m![1]!;
      if (!NAME.test(attrName)) this.fail(`Nom d’attribut invalide « ${attrName} »`);
      if (names.has(attrName)) this.fail(`Attribut « ${attrName} » répété`);
      names.add(attrName);
      const rawValue = m![3] ?? m![4] ?? '';
      if (rawValue.length > XML_LIMITS.textLength)
        this.refuse(
          `valeur de plus de ${formatCount(XML_LIMITS.textLength)} caractères pour l’attribut « ${attrName} » de l’élément « ${qname} »`,
        );
      if (/&(?![^;&\s]{1,12};)/.test(rawValue)) this.fail('Caractère « & » non échappé');
      rawAttrs.push([attrName, this.decode(rawValue)]);
      k = attrRe.lastIndex;
    }
  }

  /** The namespaces `rawAttrs` declare, bound until the element ends; the prefixes, or null. */
  private declare(rawAttrs: Array<[string, string]>): string[] | null {
    let declared: string[] | null = null;
    for (const [n, v] of rawAttrs) {
      if (n === 'xmlns' || n.startsWith('xmlns:')) {
        const prefix = n === 'xmlns' ? '' : n.slice(6);
        let uris = this.bindings.get(prefix);
        if (!uris) this.bindings.set(prefix, (uris = []));
        uris.push(v);
        (declared ??= []).push(prefix);
      }
    }
    return declared;
  }
}

/** The first child with this namespace and local name. */
export function childOf(el: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name && c.ns === ns);
}

/** Every child with this namespace and local name. */
export function childrenOf(el: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name && c.ns === ns) : [];
}
