import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureEInvoiceSefs } from '../../../../scripts/einvoice-sef.mjs';
import { checkEInvoice } from './official-check';
import { verdictOf, type OfficialFailure } from './official-report';
import { ciiProfileOf } from './official-rules';

// Decision 086: the official validators' verdict, as the receivers (« Factures reçues », the local
// platform) get it from checkEInvoice, and the one mapping from their results to three outcomes.

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../src/einvoice/fixtures/${name}`, import.meta.url), 'utf8');
const bytes = (s: string) => new TextEncoder().encode(s);
const CII = fixture('cii-conforme.xml');
const UBL = fixture('ubl-conforme.xml');

beforeAll(() => ensureEInvoiceSefs(), 600_000);

const failure = (validator: OfficialFailure['validator'], flag: OfficialFailure['flag'] = 'fatal') => ({
  ruleId: 'X',
  flag,
  text: '',
  validator,
  message: '',
});

describe('verdictOf: the official results mapped to the three outcomes', () => {
  it('refuses (422) on a fatal XSD, profile or EN 16931 failure; keeps with anomalies on French rules only; warnings leave it Conforme', () => {
    for (const v of ['xsd', 'profil', 'en16931', 'lecture'] as const)
      expect(verdictOf([failure('fr'), failure(v)])).toEqual({ verdict: 'refused', status: 422 });
    expect(verdictOf([failure('fr')])).toEqual({ verdict: 'anomalies', status: null });
    expect(verdictOf([failure('portail')])).toEqual({ verdict: 'anomalies', status: null });
    expect(verdictOf([failure('en16931', 'warning'), failure('xsd', 'warning')])).toEqual({
      verdict: 'conforme',
      status: null,
    });
    expect(verdictOf([])).toEqual({ verdict: 'conforme', status: null });
  });

  it('reads the CII profile from its guideline (BT-24), an unknown one as EN16931', () => {
    const withId = (id: string) => CII.replace('urn:cen.eu:en16931:2017', id);
    expect(ciiProfileOf(withId('urn:factur-x.eu:1p0:minimum'))).toBe('MINIMUM');
    expect(ciiProfileOf(withId('urn:factur-x.eu:1p0:basicwl'))).toBe('BASIC WL');
    expect(ciiProfileOf(withId('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic'))).toBe('BASIC');
    expect(ciiProfileOf(withId('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended'))).toBe('EXTENDED');
    expect(ciiProfileOf(withId('urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended'))).toBe('EXTENDED');
    expect(ciiProfileOf(CII)).toBe('EN16931');
    expect(ciiProfileOf(withId('urn:ferd:CrossIndustryDocument:invoice:1p0:comfort'))).toBe('EN16931');
  });
});

describe('checkEInvoice (in the reader threads)', () => {
  it('« conforme » for the CII and UBL fixtures, which pass XSD, profile, EN 16931 and BR-FR', async () => {
    const cii = await checkEInvoice(bytes(CII), 'f.xml');
    expect(cii).toMatchObject({ verdict: 'conforme', status: null, syntax: 'cii', profile: 'EN16931' });
    expect(cii.failures.filter((f) => f.flag === 'fatal')).toEqual([]);
    expect(cii.read?.parsed.invoice.number).toBe('FA-2026-0142');
    const ubl = await checkEInvoice(bytes(UBL), 'u.xml');
    expect(ubl).toMatchObject({ verdict: 'conforme', status: null, syntax: 'ubl', profile: 'EN16931' });
  }, 120_000);

  it('« anomalies » when only the French rules fail, each with its id, flag, official text and French message', async () => {
    const r = await checkEInvoice(
      bytes(
        CII.replace(
          /<ram:BusinessProcessSpecifiedDocumentContextParameter>.*?<\/ram:BusinessProcessSpecifiedDocumentContextParameter>/,
          '',
        ),
      ),
      'f.xml',
    );
    expect(r.verdict).toBe('anomalies');
    expect(r.failures.filter((f) => f.flag === 'fatal')).toEqual([
      expect.objectContaining({
        ruleId: 'BR-FR-08_BT-23',
        validator: 'fr',
        text: expect.stringContaining('BR-FR-08/BT-23'),
        message: 'BR-FR-08_BT-23 : Le cadre de facturation (BT-23) est absent ou inconnu.',
      }),
    ]);
  }, 120_000);

  it('« refused » 422 on an EN 16931 failure, with the rule; 415 for a file that is no e-invoice', async () => {
    const wrong = await checkEInvoice(
      bytes(CII.replace('<ram:GrandTotalAmount>1305.50', '<ram:GrandTotalAmount>1300.00')),
      'f.xml',
    );
    expect(wrong).toMatchObject({ verdict: 'refused', status: 422, syntax: 'cii', read: null });
    expect(wrong.failures).toContainEqual(
      expect.objectContaining({ ruleId: 'BR-CO-15', validator: 'en16931', flag: 'fatal' }),
    );
    const note = await checkEInvoice(bytes('<?xml version="1.0"?><note>Bonjour</note>'), 'n.xml');
    expect(note).toMatchObject({ verdict: 'refused', status: 415, syntax: null, profile: null });
    expect(note.failures[0]).toMatchObject({ ruleId: 'LECTURE', validator: 'lecture' });
  }, 120_000);
});
