import { describe, expect, it } from 'vitest';
import { childOf, childrenOf, parseXml, XmlReadError } from './xml-read';

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
    expect(fails('<a>'.repeat(300))).toBe('Imbrication trop profonde (ligne 1)');
  });
});
