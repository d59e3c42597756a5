// A small, safe, namespace-aware XML reader for suppliers' e-invoices (CII, UBL). Safe by design:
// no DTD at all (a DOCTYPE is refused, so no external entity, no entity expansion bomb), only the
// five predefined entities and character references, a depth limit. Pure: runs in the browser too.
// Errors are XmlReadError with a French message naming the line, for the 422 of the deposit.

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

const MAX_DEPTH = 256;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME =
  /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?$/;

interface Open {
  qname: string;
  el: XmlElement;
  scope: Map<string, string>;
  text: string[];
}

/** Parses a whole XML document and answers its root element. */
export function parseXml(source: string): XmlElement {
  const s = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let i = 0;
  let line = 1;
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  const rootScope = new Map<string, string>([['xml', XML_NS]]);

  const fail = (message: string): never => {
    throw new XmlReadError(message, line);
  };
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (s.charCodeAt(k) === 10) line++;
    i = to;
  };
  const decode = (raw: string): string =>
    raw.indexOf('&') < 0
      ? raw
      : raw.replace(/&([^;&\s]{0,12});/g, (whole, ref: string) => {
          if (ref.startsWith('#')) {
            const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
            if (!Number.isInteger(code) || code < 1 || code > 0x10ffff)
              fail(`Référence de caractère invalide « ${whole} »`);
            return String.fromCodePoint(code);
          }
          const v = ENTITIES[ref];
          if (v === undefined) fail(`Entité inconnue « ${whole} » (les entités déclarées ne sont pas acceptées)`);
          return v;
        });
  const text = (raw: string) => {
    if (raw.includes('&') && /&(?![^;&\s]{1,12};)/.test(raw)) fail('Caractère « & » non échappé');
    const top = stack[stack.length - 1];
    if (top) top.text.push(decode(raw));
    else if (raw.trim() !== '') fail('Du texte se trouve en dehors de l’élément racine');
  };
  const resolve = (qname: string, scope: Map<string, string>, isAttr: boolean): [string, string] => {
    const colon = qname.indexOf(':');
    if (colon < 0) return [isAttr ? '' : (scope.get('') ?? ''), qname];
    const prefix = qname.slice(0, colon);
    const ns = scope.get(prefix);
    if (ns === undefined) fail(`Préfixe d’espace de noms non déclaré « ${prefix} »`);
    return [ns!, qname.slice(colon + 1)];
  };

  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      text(s.slice(i));
      advance(s.length);
      break;
    }
    if (lt > i) {
      const raw = s.slice(i, lt);
      text(raw);
      advance(lt);
    }
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      if (end < 0) fail('Commentaire non fermé');
      advance(end + 3);
    } else if (s.startsWith('<![CDATA[', i)) {
      const end = s.indexOf(']]>', i + 9);
      if (end < 0) fail('Section CDATA non fermée');
      const top = stack[stack.length - 1];
      if (!top) fail('Section CDATA en dehors de l’élément racine');
      top.text.push(s.slice(i + 9, end));
      advance(end + 3);
    } else if (s.startsWith('<!DOCTYPE', i) || s.startsWith('<!doctype', i)) {
      fail('Les déclarations DOCTYPE ne sont pas acceptées dans une facture électronique');
    } else if (s.startsWith('<?', i)) {
      const end = s.indexOf('?>', i + 2);
      if (end < 0) fail('Instruction de traitement non fermée');
      advance(end + 2);
    } else if (s.startsWith('</', i)) {
      const end = s.indexOf('>', i + 2);
      if (end < 0) fail('Balise fermante non terminée');
      const qname = s.slice(i + 2, end).trim();
      const top = stack.pop();
      if (!top) fail(`Balise fermante « ${qname} » sans balise ouvrante`);
      if (top!.qname !== qname) fail(`Balise « ${top!.qname} » fermée par « ${qname} »`);
      top!.el.text = top!.text.join('');
      advance(end + 1);
    } else if (s.startsWith('<!', i)) {
      fail('Déclaration non acceptée');
    } else {
      // A start tag: name, attributes, then > or />.
      let k = i + 1;
      const nameMatch = /^[^\s/>]+/.exec(s.slice(k, k + 300));
      if (!nameMatch || !NAME.test(nameMatch[0])) fail('Nom de balise invalide');
      const qname = nameMatch![0];
      k += qname.length;
      const rawAttrs: Array<[string, string]> = [];
      const attrRe = /\s*([^\s=/>]+)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
      for (;;) {
        const ws = /\s*/y;
        ws.lastIndex = k;
        ws.exec(s);
        const afterWs = ws.lastIndex;
        if (s.startsWith('/>', afterWs) || s[afterWs] === '>') {
          k = afterWs;
          break;
        }
        if (afterWs === k && rawAttrs.length > 0) fail(`Attributs mal séparés dans « ${qname} »`);
        attrRe.lastIndex = k;
        const m = attrRe.exec(s);
        if (!m) {
          if (afterWs >= s.length) fail(`Balise « ${qname} » non terminée`);
          fail(`Attribut mal formé dans « ${qname} »`);
        }
        const attrName = m![1];
        if (!NAME.test(attrName)) fail(`Nom d’attribut invalide « ${attrName} »`);
        if (rawAttrs.some(([n]) => n === attrName)) fail(`Attribut « ${attrName} » répété`);
        const rawValue = m![3] ?? m![4] ?? '';
        if (/&(?![^;&\s]{1,12};)/.test(rawValue)) fail('Caractère « & » non échappé');
        rawAttrs.push([attrName, decode(rawValue)]);
        k = attrRe.lastIndex;
      }
      const selfClosing = s.startsWith('/>', k);
      const parentScope = stack.length ? stack[stack.length - 1].scope : rootScope;
      let scope = parentScope;
      for (const [n, v] of rawAttrs) {
        if (n === 'xmlns' || n.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope);
          scope.set(n === 'xmlns' ? '' : n.slice(6), v);
        }
      }
      const [ns, name] = resolve(qname, scope, false);
      const attrs: Record<string, string> = {};
      for (const [n, v] of rawAttrs) {
        if (n === 'xmlns' || n.startsWith('xmlns:')) continue;
        attrs[resolve(n, scope, true)[1]] = v;
      }
      const el: XmlElement = { ns, name, attrs, children: [], text: '', line };
      const parent = stack[stack.length - 1];
      if (parent) parent.el.children.push(el);
      else if (root) fail('Le document a plusieurs éléments racines');
      else root = el;
      if (!selfClosing) {
        if (stack.length >= MAX_DEPTH) fail('Imbrication trop profonde');
        stack.push({ qname, el, scope, text: [] });
      }
      advance(k + (selfClosing ? 2 : 1));
    }
  }
  if (stack.length) fail(`Balise « ${stack[stack.length - 1].qname} » non fermée`);
  if (!root) fail('Aucun élément XML');
  return root!;
}

/** The first child with this namespace and local name. */
export function childOf(el: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name && c.ns === ns);
}

/** Every child with this namespace and local name. */
export function childrenOf(el: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name && c.ns === ns) : [];
}
