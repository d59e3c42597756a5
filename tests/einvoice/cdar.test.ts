// Decision 089: every lifecycle status message the portal writes passes the CDAR D22B XSD and the FNFE's
// BR-FR-CDV Schematron (0 fatal assert, rules fired), reads back as written, and a wrong one fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { readStatusMessage, writeStatusMessage, type LifecycleStatus } from '../../src/einvoice/cdar';
import { LIFECYCLE, LIFECYCLE_CODES, REASONS_BY_STATUS, type LifecycleCode } from '../../src/einvoice/lifecycle-codes';
import { cdarOk, validateCdar, type CdarReport } from '../support/cdar-validators';
import { collectedStatus } from '../../server/src/modules/invoices/lifecycle';
import { buyerStatus } from '../../server/src/modules/received-invoices/lifecycle';

const NOW = new Date('2026-12-02T10:00:00.000Z');
/** The messages the server itself writes (LC-6): « Encaissée » on a payment, the buyer's four answers. */
function serverMessages(): [string, string][] {
  const invoice = {
    number: 'F2026-0042',
    createdAt: '2026-11-30',
    sellerSnapshot: { name: 'Boulangerie Pâtisserie Martin', addressLines: [], siren: '512345679' },
    customerSnapshot: {
      name: 'Durand',
      socialReason: 'Hôtel du Parc',
      addressLines: [],
      accountNumber: 'C00001',
      siren: '532118908',
    },
  };
  const out: [string, string][] = [
    [
      'server-212',
      writeStatusMessage(
        collectedStatus(invoice as never, {
          sellerSiren: '512345679',
          buyerSiren: '532118908',
          address: { scheme: '0225', value: '532118908' },
          collected: [
            { amount: 48, vatRate: 20, currency: 'EUR' },
            { amount: 22, vatRate: 5.5, currency: 'EUR' },
          ],
          eventId: 1,
          now: NOW,
        }),
      ),
    ],
  ];
  const received = {
    number: 'FA-2026-0142',
    kind: 'Facture',
    supplierName: 'Atelier Lumière SARL',
    supplierSiren: '732829320',
    issueDate: '2026-11-02',
    createdAt: NOW,
  };
  const answers = [
    ['205', null, null],
    ['207', 'QTE_ERR', 'Quantité erronée'],
    ['210', 'TX_TVA_ERR', 'Taux de 10 % attendu'],
    ['211', null, null],
  ] as const;
  for (const [code, reasonCode, reasonText] of answers)
    out.push([
      `server-${code}`,
      writeStatusMessage(
        buyerStatus(received as never, {
          code,
          siren: '498765437',
          companyName: 'Garage Dupont & Fils',
          reasonCode,
          reasonText,
          eventId: 2,
          now: NOW,
        }),
      ),
    ]);
  return out;
}

const seller = { role: 'SE', siren: '100000009', name: 'LE VENDEUR', electronicAddress: '100000009_STATUTS' };
const buyer = { role: 'BY', siren: '200000008', name: 'LE CLIENT', electronicAddress: '200000008' };
const platform = { role: 'WK' };

/** One status of each kind, set by the party the standard names. */
function statusOf(code: LifecycleCode): LifecycleStatus {
  const info = LIFECYCLE[code];
  const byBuyer = info.setBy.includes('buyer') || info.setBy.includes('buyer-platform');
  const issuer = info.phase === 'transmission' ? platform : byBuyer ? buyer : seller;
  const reasons = REASONS_BY_STATUS[code];
  return {
    code,
    createdAt: '2025-07-01T15:15:00.000Z',
    setAt: '2025-07-01T15:10:00.000Z',
    sender: info.phase === 'transmission' ? platform : issuer,
    issuer,
    recipients: [byBuyer ? seller : buyer],
    invoice: {
      number: 'F202500003',
      typeCode: '380',
      issueDate: '2025-07-01',
      sellerSiren: '100000009',
      receivedAt: '2025-07-01T15:10:00.000Z',
    },
    ...(info.reasonRequired && reasons
      ? { reason: { code: reasons.includes('TX_TVA_ERR') ? 'TX_TVA_ERR' : reasons[0] } }
      : {}),
    ...(code === '213'
      ? {
          reason: { code: 'REJ_SEMAN' },
          failedRules: [
            { id: 'BR-FR-12', text: 'L’adresse électronique de l’acheteur (BT-49) manque.' },
            { id: 'BR-FR-13', text: 'L’adresse électronique du vendeur (BT-34) manque.' },
          ],
        }
      : {}),
    ...(code === '212'
      ? {
          collected: [
            { amount: 1200, vatRate: 20, currency: 'EUR' },
            { amount: 110.5, vatRate: 10, currency: 'EUR' },
          ],
        }
      : {}),
  };
}

const messages = new Map<string, string>();
let reports: Map<string, CdarReport>;

beforeAll(async () => {
  for (const code of LIFECYCLE_CODES) messages.set(code, writeStatusMessage(statusOf(code)));
  for (const [name, xml] of serverMessages()) messages.set(name, xml);
  // Wrong on purpose: a « Refusée » without its reason, an « Encaissée » without its amount.
  messages.set('wrong-210', writeStatusMessage(statusOf('210')).replace(/<ram:ReasonCode>[^<]*<\/ram:ReasonCode>/, ''));
  messages.set(
    'wrong-212',
    writeStatusMessage(statusOf('212')).replace(
      /<ram:SpecifiedDocumentCharacteristic>[\s\S]*?<\/ram:SpecifiedDocumentCharacteristic>/g,
      '',
    ),
  );
  reports = await validateCdar([...messages].map(([name, xml]) => ({ name, xml })));
});

describe('CDAR lifecycle messages', () => {
  it.each([...LIFECYCLE_CODES])('status %s passes the XSD and the BR-FR-CDV rules', (code) => {
    const report = reports.get(code);
    expect(report?.failures, messages.get(code)).toEqual([]);
    expect(cdarOk(report)).toBe(true);
  });

  it.each(['server-212', 'server-205', 'server-207', 'server-210', 'server-211'])(
    'the server’s own %s message passes the XSD and the BR-FR-CDV rules',
    (name) => {
      expect(reports.get(name)?.failures, messages.get(name)).toEqual([]);
      expect(cdarOk(reports.get(name))).toBe(true);
    },
  );

  it('a message missing what the rules require fails them', () => {
    expect(cdarOk(reports.get('wrong-210'))).toBe(false);
    expect(
      reports
        .get('wrong-210')!
        .failures.map((f) => f.id)
        .join(' '),
    ).toMatch(/BR-FR-CDV-15/);
    expect(cdarOk(reports.get('wrong-212'))).toBe(false);
    expect(
      reports
        .get('wrong-212')!
        .failures.map((f) => f.id)
        .join(' '),
    ).toMatch(/BR-FR-CDV-14/);
  });

  it.each([...LIFECYCLE_CODES])('status %s reads back as written', (code) => {
    const written = statusOf(code);
    const read = readStatusMessage(messages.get(code)!);
    expect(read.code).toBe(code);
    expect(read.label).toBe(LIFECYCLE[code].label);
    expect(read.invoice).toEqual(written.invoice);
    expect(read.issuer).toEqual(written.issuer);
    expect(read.recipients).toEqual(written.recipients);
    expect(read.createdAt).toBe(written.createdAt);
    expect(read.setAt).toBe(written.setAt);
    expect(read.reason?.code).toBe(written.reason?.code);
    expect(read.failedRules).toEqual(written.failedRules);
    expect(read.collected).toEqual(written.collected);
  });
});
