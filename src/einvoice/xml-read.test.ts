import { describe, expect, it } from 'vitest';
import { formatCount } from '../domain/format';
import { childOf, childrenOf, parseXml, XML_LIMITS, XmlLimitError, XmlReadError } from './xml-read';

const fails = (xml: string) => {
  try {
    parseXml(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(XmlReadError);
    return (error as Error).message;
  }
  throw new Error('parsed');
};

describe('parseXml', () => {
  it('resolves default and prefixed namespaces, attributes, entities, character references and CDATA', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0"?>\n<!-- en-tête -->\n<a xmlns="urn:a" xmlns:b="urn:b" id=\'1\'>' +
        '<b:c unitCode="HUR">10 &amp; 2 &#233;&#xE9;</b:c><d><![CDATA[<brut> & ]]></d><b:c/></a>\n<!-- fin -->',
    );
    expect(root).toMatchObject({ ns: 'urn:a', name: 'a', attrs: { id: '1' } });
    expect(childOf(root, 'urn:b', 'c')).toMatchObject({ text: '10 & 2 éé', attrs: { unitCode: 'HUR' }, line: 3 });
    expect(childOf(root, 'urn:a', 'd')?.text).toBe('<brut> & ');
    expect(childrenOf(root, 'urn:b', 'c')).toHaveLength(2);
    expect(childOf(root, 'urn:a', 'c')).toBeUndefined();
  });

  it('refuses what is not well-formed, in French with the line', () => {
    expect(fails('<a>\n<b></a>')).toBe('Balise « b » fermée par « a » (ligne 2)');
    expect(fails('<a><p:b/></a>')).toBe('Préfixe d’espace de noms non déclaré « p » (ligne 1)');
    expect(fails('<a>&nbsp;</a>')).toBe(
      'Entité inconnue « &nbsp; » (les entités déclarées ne sont pas acceptées) (ligne 1)',
    );
    expect(fails('<a>A & B</a>')).toBe('Caractère « & » non échappé (ligne 1)');
    expect(fails('<a/><b/>')).toBe('Le document a plusieurs éléments racines (ligne 1)');
    expect(fails('texte<a/>')).toBe('Du texte se trouve en dehors de l’élément racine (ligne 1)');
    expect(fails('<a x="1" x="2"/>')).toBe('Attribut « x » répété (ligne 1)');
    expect(fails('<a>')).toBe('Balise « a » non fermée (ligne 1)');
    expect(fails('')).toBe('Aucun élément XML (ligne 1)');
  });

  it('never reads a DTD: no external entity, no entity expansion', () => {
    expect(fails('<!DOCTYPE a [<!ENTITY x "xx">]><a>&x;</a>')).toBe(
      'Les déclarations DOCTYPE ne sont pas acceptées dans une facture électronique (ligne 1)',
    );
  });

  it('stops a nesting too deep for the stack', () => {
    expect(fails('<a>'.repeat(300))).toBe('éléments imbriqués sur plus de 256 niveaux (ligne 1)');
  });

  it('refuses the characters XML forbids, raw or by reference (NUL, C0 controls, lone surrogates, U+FFFE)', () => {
    expect(fails('<a>\n<b>x\u0000y</b></a>')).toBe(
      'caractère de contrôle ou invalide U+0000, non autorisé en XML (ligne 2)',
    );
    expect(fails('<a b="\u001b"/>')).toBe('caractère de contrôle ou invalide U+001B, non autorisé en XML (ligne 1)');
    expect(fails('<a>\ud800</a>')).toBe('caractère de contrôle ou invalide U+D800, non autorisé en XML (ligne 1)');
    expect(fails('<a>\ufffe</a>')).toBe('caractère de contrôle ou invalide U+FFFE, non autorisé en XML (ligne 1)');
    for (const ref of ['&#0;', '&#1;', '&#x1F;', '&#xD800;', '&#xDFFF;', '&#xFFFE;', '&#x110000;', '&#x;', '&#12a;'])
      expect(fails(`<a>${ref}</a>`)).toBe(`Référence de caractère invalide « ${ref} » (ligne 1)`);
    // Tab, line feed and carriage return are text; so are characters beyond the BMP, by reference or not.
    expect(parseXml('<a>\t&#9;&#xA;&#13;&#x1F600;\u{1F600}</a>').text).toBe('\t\t\n\r\u{1F600}\u{1F600}');
  });
});

describe('parseXml: bounded and linear (decision 074)', () => {
  const limit = (xml: string) => {
    try {
      parseXml(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(XmlLimitError);
      return (error as Error).message;
    }
    throw new Error('parsed');
  };

  it('refuses more attributes on one element than the limit, at once (100 000 took a minute before)', () => {
    const many = (n: number) => `<a\n ${Array.from({ length: n }, (_, i) => `a${i}="x"`).join(' ')}/>`;
    expect(parseXml(many(XML_LIMITS.attributesPerElement)).attrs.a255).toBe('x');
    expect(limit(many(XML_LIMITS.attributesPerElement + 1))).toBe(
      'plus de 256 attributs sur l’élément « a » (ligne 1)',
    );
    const started = performance.now();
    expect(limit(many(100_000))).toBe('plus de 256 attributs sur l’élément « a » (ligne 1)');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses more elements than the limit', () => {
    const n = XML_LIMITS.elements;
    expect(parseXml(`<a>${'<b/>'.repeat(n - 1)}</a>`).children).toHaveLength(n - 1);
    expect(limit(`<a>${'<b/>'.repeat(n)}</a>`)).toBe(`plus de ${formatCount(n)} éléments (ligne 1)`);
  });

  it('refuses a text or an attribute value longer than the limit, CDATA included', () => {
    const n = XML_LIMITS.textLength;
    expect(parseXml(`<a>${'x'.repeat(n)}</a>`).text).toHaveLength(n);
    expect(limit(`<a>\n<b>${'x'.repeat(n / 2)}<c/>${'x'.repeat(n / 2 + 1)}</b></a>`)).toBe(
      `texte de plus de ${formatCount(n)} caractères dans l’élément « b » (ligne 2)`,
    );
    expect(limit(`<a><![CDATA[${'x'.repeat(n + 1)}]]></a>`)).toBe(
      `texte de plus de ${formatCount(n)} caractères dans l’élément « a » (ligne 1)`,
    );
    expect(limit(`<a b="${'x'.repeat(n + 1)}"/>`)).toBe(
      `valeur de plus de ${formatCount(n)} caractères pour l’attribut « b » de l’élément « a » (ligne 1)`,
    );
  });

  it('resolves namespaces in constant time per name, however many are declared around', () => {
    // 200 prefixes declared on each of 250 nested levels, then 100 000 elements using them: copying
    // the scope at each declaring element (before) cost 50 000 entries per element.
    const decls = (level: number) => Array.from({ length: 200 }, (_, i) => `xmlns:p${i}="urn:${level}:${i}"`).join(' ');
    const open = Array.from({ length: 250 }, (_, l) => `<p0:e${l} ${decls(l)}>`).join('');
    const close = Array.from({ length: 250 }, (_, l) => `</p0:e${249 - l}>`).join('');
    const leaves = Array.from({ length: 100_000 }, (_, i) => `<p${i % 200}:x xmlns:q="urn:q"/>`).join('');
    const started = performance.now();
    const root = parseXml(`${open}${leaves}${close}`);
    expect(performance.now() - started).toBeLessThan(5_000);
    let deepest = root;
    while (deepest.children[0]?.name.startsWith('e')) deepest = deepest.children[0];
    expect(deepest.children).toHaveLength(100_000);
    expect(deepest.children[199]).toMatchObject({ ns: 'urn:249:199', name: 'x' });
    // A prefix declared inside an element is undone at its end.
    expect(parseXml('<a xmlns:p="urn:1"><b xmlns:p="urn:2"><p:c/></b><p:c/></a>').children[1]!.ns).toBe('urn:1');
  });
});
