// Decision 089: the writer refuses a status the rules would reject, in French, before any platform sees it.
import { describe, expect, it } from 'vitest';
import { CdarError, readStatusMessage, writeStatusMessage, type LifecycleStatus } from './cdar';
import { lifecycleLabel, reasonAllowed, reasonsFor } from './lifecycle-codes';

const base: LifecycleStatus = {
  code: '205',
  createdAt: '2026-12-02T10:00:00.000Z',
  sender: { role: 'BY' },
  issuer: { role: 'BY', siren: '200000008', name: 'LE CLIENT' },
  recipients: [{ role: 'SE', siren: '100000009', name: 'LE VENDEUR', electronicAddress: '100000009' }],
  invoice: { number: 'F-2026-001', typeCode: '380', issueDate: '2026-11-30', sellerSiren: '100000009' },
};

describe('writeStatusMessage', () => {
  it('refuses a « Refusée » without a reason, or with a reason the list does not allow', () => {
    expect(() => writeStatusMessage({ ...base, code: '210' })).toThrow(/« Refusée » demande un motif/);
    expect(() => writeStatusMessage({ ...base, code: '210', reason: { code: 'REJ_SEMAN' } })).toThrow(CdarError);
    expect(writeStatusMessage({ ...base, code: '210', reason: { code: 'DOUBLON' } })).toContain(
      '<ram:ReasonCode>DOUBLON</ram:ReasonCode>',
    );
  });

  it('refuses an « Encaissée » without the amount received per VAT rate', () => {
    expect(() => writeStatusMessage({ ...base, code: '212' })).toThrow(/montant encaissé par taux de TVA/);
    const xml = writeStatusMessage({
      ...base,
      code: '212',
      collected: [{ amount: 120, vatRate: 20, currency: 'EUR' }],
    });
    expect(readStatusMessage(xml).collected).toEqual([{ amount: 120, vatRate: 20, currency: 'EUR' }]);
  });

  it('refuses a recipient without an electronic address, and escapes what it writes', () => {
    expect(() => writeStatusMessage({ ...base, recipients: [{ role: 'SE', siren: '100000009' }] })).toThrow(
      /adresse électronique/,
    );
    const xml = writeStatusMessage({ ...base, code: '207', reason: { code: 'AUTRE', text: 'Prix <faux> & cie' } });
    expect(xml).toContain('Prix &lt;faux&gt; &amp; cie');
    expect(readStatusMessage(xml).reason).toEqual({ code: 'AUTRE', text: 'Prix <faux> & cie' });
  });
});

describe('readStatusMessage', () => {
  it('refuses what is not a CDAR message, in French', () => {
    expect(() => readStatusMessage('<Invoice/>')).toThrow(/n’est pas un message de cycle de vie/);
    expect(() => readStatusMessage('pas du XML')).toThrow(CdarError);
  });
});

describe('lifecycle codes', () => {
  it('labels in French and lists the reasons per status', () => {
    expect(lifecycleLabel('212')).toBe('Encaissée');
    expect(lifecycleLabel('299')).toBe('Statut 299');
    expect(reasonsFor('210').map((r) => r.code)).toContain('TX_TVA_ERR');
    expect(reasonAllowed('205', 'AUTRE')).toBe(false);
  });
});
