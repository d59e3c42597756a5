import { readFileSync } from 'node:fs';
import { embedFacturX, PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkEInvoice } from './checks';
import { EInvoiceReadError, NOT_AN_EINVOICE, parseEInvoice } from './parse';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const text = (s: string) => new TextEncoder().encode(s);

async function pdf(attach?: { name: string; xml: Uint8Array }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  if (attach?.name === 'factur-x.xml') await embedFacturX(doc, attach.xml, { conformanceLevel: 'EN 16931' });
  else if (attach) await doc.attach(attach.xml, attach.name, { mimeType: 'text/xml' });
  return doc.save();
}

async function refusal(bytes: Uint8Array, name: string): Promise<EInvoiceReadError> {
  const error = await parseEInvoice(bytes, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EInvoiceReadError);
  return error as EInvoiceReadError;
}

describe('parseEInvoice', () => {
  it('reads a CII invoice: supplier, number, dates, lines, VAT and totals', async () => {
    const { format, invoice, raw, readFindings } = await parseEInvoice(fixture('cii-conforme.xml'), 'f.xml');
    expect(format).toBe('cii');
    expect(invoice).toMatchObject({
      typeCode: '380',
      number: 'FA-2026-0142',
      issueDate: '2026-11-02',
      dueDate: '2026-12-02',
      deliveryDate: '2026-10-30',
      buyerReference: 'Commande 77',
      seller: {
        name: 'Atelier Lumière SARL',
        siren: '732829320',
        vatNumber: 'FR44732829320',
        address: { lines: ['12 rue de la République'], postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
      },
      buyer: { name: 'Boulangerie Dupont', siren: '552100554' },
      notes: [
        'Indemnité forfaitaire pour frais de recouvrement : 40 €',
        'Pénalités de retard : trois fois le taux d’intérêt légal.',
        'Pas d’escompte pour paiement anticipé.',
      ],
      payment: { meansCode: '30', iban: 'FR7630006000011234567890189', terms: 'Paiement à 30 jours' },
      totals: { lineTotal: 1100, taxBasis: 1100, vatTotal: 205.5, grandTotal: 1305.5, prepaid: 0, duePayable: 1305.5 },
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        id: '1',
        name: 'Conseil en aménagement & décoration',
        sellerItemId: 'CONS-H',
        quantity: 10,
        unitCode: 'HUR',
        unitPrice: 100,
        netAmount: 1000,
        vatCategory: 'S',
        vatRate: 20,
      }),
      expect.objectContaining({
        id: '2',
        name: 'Livres de référence',
        quantity: 20,
        unitCode: 'C62',
        unitPrice: 5,
        netAmount: 100,
        vatRate: 5.5,
      }),
    ]);
    expect(invoice.vatBreakdown).toEqual([
      { category: 'S', rate: 20, base: 1000, vat: 200, exemptionReason: undefined, exemptionCode: undefined },
      { category: 'S', rate: 5.5, base: 100, vat: 5.5, exemptionReason: undefined, exemptionCode: undefined },
    ]);
    expect(readFindings).toEqual([]);
    expect(checkEInvoice(invoice, raw)).toEqual([]);
  });

  it('reads a UBL invoice with a document discount, consistent', async () => {
    const { format, invoice, raw } = await parseEInvoice(fixture('ubl-conforme.xml'), 'f.xml');
    expect(format).toBe('ubl');
    expect(invoice).toMatchObject({
      number: '2026/INV/0087',
      issueDate: '2026-11-05',
      dueDate: '2026-12-05',
      seller: { name: 'Minoterie Garonne', siren: '404833048', vatNumber: 'FR23404833048' },
      buyer: { name: 'Boulangerie Dupont' },
      allowances: [{ amount: 20, vatCategory: 'S', vatRate: 5.5, reason: 'Remise fidélité' }],
      totals: {
        lineTotal: 526.5,
        allowanceTotal: 20,
        taxBasis: 506.5,
        vatTotal: 46.2,
        grandTotal: 552.7,
        duePayable: 552.7,
      },
    });
    expect(invoice.lines.map((l) => [l.name, l.quantity, l.unitCode, l.netAmount])).toEqual([
      ['Farine de blé T65', 500, 'KGM', 400],
      ['Sacs kraft (paquet de 100)', 11, 'C62', 126.5],
    ]);
    expect(checkEInvoice(invoice, raw)).toEqual([]);
  });

  it('reads a UBL credit note as an « Avoir » (381) with the invoice it corrects', async () => {
    const xml = new TextDecoder()
      .decode(fixture('ubl-conforme.xml'))
      .replace('xsd:Invoice-2', 'xsd:CreditNote-2')
      .replace(/<Invoice /, '<CreditNote ')
      .replace('</Invoice>', '</CreditNote>')
      .replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>')
      .replaceAll('cac:InvoiceLine>', 'cac:CreditNoteLine>')
      .replaceAll('cbc:InvoicedQuantity', 'cbc:CreditedQuantity')
      .replace('<cbc:DueDate>2026-12-05</cbc:DueDate>', '')
      .replace(
        '<cbc:DocumentCurrencyCode>',
        '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>2026/INV/0001</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference><cbc:DocumentCurrencyCode>',
      );
    const { invoice, raw } = await parseEInvoice(text(xml), 'avoir.xml');
    expect(invoice.typeCode).toBe('381');
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.lines[0].quantity).toBe(500);
    expect(checkEInvoice(invoice, raw)).toEqual([]);
  });

  it('reads the factur-x.xml embedded in a Factur-X PDF (by content, whatever the name)', async () => {
    const bytes = await pdf({ name: 'factur-x.xml', xml: fixture('cii-conforme.xml') });
    const { format, invoice } = await parseEInvoice(bytes, 'facture.xml');
    expect(format).toBe('facturx');
    expect(invoice.number).toBe('FA-2026-0142');
    expect(invoice.totals.grandTotal).toBe(1305.5);
  });

  it('reads a ZUGFeRD PDF whose attachment is only in the /EmbeddedFiles name tree', async () => {
    const bytes = await pdf({ name: 'zugferd-invoice.xml', xml: fixture('cii-conforme.xml') });
    expect((await parseEInvoice(bytes, 'z.pdf')).format).toBe('facturx');
  });

  it('refuses a plain PDF, a text file, an image or another XML with 415 and the French message', async () => {
    for (const [bytes, name] of [
      [await pdf(), 'scan.pdf'],
      [text('Bonjour'), 'note.txt'],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'photo.png'],
      [text('<?xml version="1.0"?><commande><numero>12</numero></commande>'), 'commande.xml'],
      [await pdf({ name: 'notes.xml', xml: text('<a/>') }), 'autre.pdf'],
    ] as const) {
      const error = await refusal(bytes, name);
      expect(error.status).toBe(415);
      expect(error.message).toBe(NOT_AN_EINVOICE);
    }
    expect((await refusal(await pdf(), 'scan.pdf')).details).toEqual([
      'Le PDF « scan.pdf » ne contient pas de fichier factur-x.xml : ce n’est pas une Factur-X.',
    ]);
  });

  it('refuses broken XML with 422 saying what is wrong and where', async () => {
    const broken = new TextDecoder().decode(fixture('cii-conforme.xml')).replace('</ram:TypeCode>', '</ram:Type>');
    const error = await refusal(text(broken), 'f.xml');
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'La facture électronique est illisible : Balise « ram:TypeCode » fermée par « ram:Type » (ligne 17).',
    );
    expect((await refusal(text('<rsm:CrossIndustryInvoice xmlns:rsm="x">'), 'f.xml')).status).toBe(422);
  });

  it('never expands entities: a DOCTYPE (external entity, entity bomb) is refused with 422', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>';
    const error = await refusal(text(xxe), 'f.xml');
    expect(error.status).toBe(422);
    expect(error.message).toContain('Les déclarations DOCTYPE ne sont pas acceptées');
  });

  it('reads a file with missing data: findings, not a crash', async () => {
    const xml = new TextDecoder()
      .decode(fixture('cii-conforme.xml'))
      .replace('<ram:ID>FA-2026-0142</ram:ID>', '')
      .replace('<ram:Name>Atelier Lumière SARL</ram:Name>', '')
      .replace('<ram:GrandTotalAmount>1305.50</ram:GrandTotalAmount>', '')
      .replace(
        '<ram:LineTotalAmount>1000.00</ram:LineTotalAmount>',
        '<ram:LineTotalAmount>1 000,00</ram:LineTotalAmount>',
      );
    const { invoice, raw, readFindings } = await parseEInvoice(text(xml), 'f.xml');
    expect(invoice.number).toBe('');
    expect(readFindings).toEqual([
      {
        rule: 'MONTANT',
        severity: 'erreur',
        message: 'Le montant de la ligne 1 « 1 000,00 » n’est pas un nombre lisible.',
      },
    ]);
    const rules = checkEInvoice(invoice, raw).map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['BR-02', 'BR-06', 'BR-14']));
  });

  it('honours the encoding the XML declares (ISO-8859-1)', async () => {
    const xml = new TextDecoder()
      .decode(fixture('ubl-conforme.xml'))
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const latin1 = new Uint8Array(Array.from(xml, (c) => c.charCodeAt(0)).filter((c) => c < 256));
    const { invoice } = await parseEInvoice(latin1, 'f.xml');
    expect(invoice.lines[0].name).toBe('Farine de blé T65');
  });
});
