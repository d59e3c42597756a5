import { readFileSync } from 'node:fs';
import { embedFacturX, PDFDocument } from '@cantoo/pdf-lib';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inboxDeposits, receivedInvoices } from '../../server/src/db/schema/index';
import { useTestServer } from '../support/use-test-server';
import { upload, uploadForm } from '../support/uploads';
import { demoFileNames } from '../support/demo-names';

// « Factures reçues » (decision 046): a supplier's Factur-X PDF, CII or UBL deposited, read, checked
// by the official validators (decision 086: XSD, profile, EN 16931 refuse; the French rules flag) and
// kept unchanged as an inbox deposit in Comptabilité › Achats.

const t = useTestServer();
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../src/einvoice/fixtures/${name}`, import.meta.url)));
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const CII = fixture('cii-conforme.xml');
const UBL = fixture('ubl-conforme.xml');
/** The CII fixture with another number (each test its own invoice, no 409 between tests). */
const cii = (number: string, edit: (xml: string) => string = (x) => x) =>
  utf8(edit(text(CII).replace('<ram:ID>FA-2026-0142</ram:ID>', `<ram:ID>${number}</ram:ID>`)));

async function facturX(xml: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('Facture', { x: 20, y: 250 });
  await embedFacturX(doc, xml, { conformanceLevel: 'EN 16931' });
  return doc.save();
}
async function plainPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]);
  return doc.save();
}

const garage = () => t.company('Garage Dupont & Fils');
const bakery = () => t.company('Boulangerie Pâtisserie Martin');

function deposit(bytes: Uint8Array, name: string, opts: { company?: number; idempotencyKey?: string } = {}) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([bytes as BlobPart], { type: name.endsWith('.pdf') ? 'application/pdf' : 'application/xml' }),
    name,
  );
  return t.server.api.request('POST', '/api/received-invoices', {
    token: t.demo,
    company: opts.company ?? garage(),
    rawBody: form,
    idempotencyKey: opts.idempotencyKey,
  });
}
const get = (path: string, company = garage()) => t.server.api.get(path, { token: t.demo, company });
const counts = async () => {
  const db = t.server.deps.db;
  const [r] = await db.select({ n: count() }).from(receivedInvoices);
  const [d] = await db.select({ n: count() }).from(inboxDeposits);
  return { received: r.n, deposits: d.n };
};

describe('POST /api/received-invoices: deposit and reading', () => {
  it('reads a CII invoice: supplier, dates, lines, VAT, totals, « Conforme »; the original is kept unchanged in Achats', async () => {
    const res = await deposit(CII, 'facture-atelier.xml');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      format: 'cii',
      kind: 'Facture',
      supplierName: 'Atelier Lumière SARL',
      supplierSiren: '732829320',
      supplierVatNumber: 'FR44732829320',
      number: 'FA-2026-0142',
      issueDate: '2026-11-02',
      dueDate: '2026-12-02',
      currency: 'EUR',
      ht: 1100,
      tva: 205.5,
      ttc: 1305.5,
      status: 'conforme',
      statusLabel: 'Conforme',
      fileName: 'facture-atelier.xml',
      findings: [],
      vatBreakdown: [
        { category: 'S', rate: 20, base: 1000, vat: 200 },
        { category: 'S', rate: 5.5, base: 100, vat: 5.5 },
      ],
    });
    expect(res.body.lines).toEqual([
      {
        name: 'Conseil en aménagement & décoration',
        quantity: 10,
        unitCode: 'HUR',
        unitPrice: 100,
        netAmount: 1000,
        vatRate: 20,
        vatCategory: 'S',
      },
      {
        name: 'Livres de référence',
        quantity: 20,
        unitCode: 'C62',
        unitPrice: 5,
        netAmount: 100,
        vatRate: 5.5,
        vatCategory: 'S',
      },
    ]);
    const id = res.body.id;

    const file = await get(`/api/received-invoices/${id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/xml');
    expect(new Uint8Array(file.raw)).toEqual(CII);

    const detail = await get(`/api/received-invoices/${id}`);
    expect(detail.body).toEqual(res.body);

    const list = await get('/api/received-invoices?q=lumi');
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(id);

    // The original is an inbox deposit in Comptabilité › Achats.
    const history = await get('/api/my-inbox/history?q=facture-atelier');
    expect(history.body.items[0]).toMatchObject({
      name: 'facture-atelier.xml',
      categoryPath: 'Comptabilité › Achats',
      mine: true,
    });
    expect(history.body.items[0].id).toBe(res.body.depositId);
  });

  it('reads a UBL invoice', async () => {
    const res = await deposit(UBL, 'minoterie.xml');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      format: 'ubl',
      supplierName: 'Minoterie Garonne',
      number: '2026/INV/0087',
      ht: 506.5,
      tva: 46.2,
      ttc: 552.7,
      status: 'conforme',
    });
  });

  it('reads the CII embedded in a Factur-X PDF, and gives back the PDF byte for byte', async () => {
    const pdf = await facturX(cii('FX-1'));
    const res = await deposit(pdf, 'facture FX-1.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format: 'facturx', number: 'FX-1', ttc: 1305.5, status: 'conforme' });
    const file = await get(`/api/received-invoices/${res.body.id}/file`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(file.raw)).toEqual(pdf);
  });

  it('refuses a file whose total disagrees with itself (EN 16931 BR-CO-15): 422, the rule and its French explanation, nothing written', async () => {
    const before = await counts();
    const wrong = cii('FA-FAUX', (x) =>
      x
        .replace('<ram:GrandTotalAmount>1305.50', '<ram:GrandTotalAmount>1300.00')
        .replace('<ram:DuePayableAmount>1305.50', '<ram:DuePayableAmount>1300.00'),
    );
    const res = await deposit(wrong, 'faux-total.xml');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'La facture « faux-total.xml » est refusée : elle ne respecte pas la règle officielle BR-CO-15 (Factur-X EN16931).',
    );
    // Both the Factur-X profile's Schematron and the CEN rules fail it.
    expect(res.body.errors).toEqual([
      'BR-CO-15 : Le total TTC (BT-112) n’est pas le total hors TVA plus la TVA.',
      'BR-CO-15 : Le total TTC (BT-112) n’est pas le total hors TVA plus la TVA.',
    ]);
    expect(await counts()).toEqual(before);
    expect((await get('/api/received-invoices?q=FA-FAUX')).body.items).toEqual([]);
  });

  it('refuses a file its profile’s XSD refuses: 422 naming the element, nothing written', async () => {
    const before = await counts();
    const res = await deposit(
      cii('FA-XSD', (x) =>
        x.replace(
          '<ram:TypeCode>380</ram:TypeCode>',
          '<ram:TypeCode>380</ram:TypeCode><ram:Couleur>bleu</ram:Couleur>',
        ),
      ),
      'xsd.xml',
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^La facture « xsd\.xml » est refusée : elle ne respecte pas .*XSD/);
    expect(res.body.errors[0]).toMatch(
      /^Le XML ne respecte pas le schéma XSD Factur-X EN16931 \(ligne \d+ : .*Couleur/,
    );
    expect(await counts()).toEqual(before);
  });

  it('keeps a file only the French rules fault: 201, « anomalies », each BR-FR rule with its id in French', async () => {
    const partial = cii('FA-FR', (x) =>
      x
        .replace(/<ram:IncludedNote><ram:Content>Indemnité[^]*?<\/ram:IncludedNote>/, '')
        .replace(
          '<ram:URIUniversalCommunication><ram:URIID schemeID="0225">552100554</ram:URIID></ram:URIUniversalCommunication>',
          '',
        ),
    );
    const res = await deposit(partial, 'sans-mentions.xml');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'anomalies', statusLabel: '2 anomalies', ttc: 1305.5 });
    expect(res.body.findings.filter((f: { severity: string }) => f.severity === 'erreur')).toEqual([
      {
        rule: 'BR-FR-05_BT-22_PMT',
        severity: 'erreur',
        message: 'La mention des frais de recouvrement (note PMT) est absente.',
      },
      {
        rule: 'BR-FR-12_BT-49',
        severity: 'erreur',
        message: 'L’adresse électronique de l’acheteur (BT-49) est absente.',
      },
    ]);
    const list = await get('/api/received-invoices?q=FA-FR');
    expect(list.body.items).toEqual([
      expect.objectContaining({ number: 'FA-FR', status: 'anomalies', statusLabel: '2 anomalies' }),
    ]);
  });

  it('refuses a plain PDF with 415 in French and writes nothing', async () => {
    const before = await counts();
    const res = await deposit(await plainPdf(), 'scan.pdf');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Ce fichier n’est ni une Factur-X, ni une facture CII, ni une facture UBL.');
    expect(res.body.errors).toEqual([
      'Le PDF « scan.pdf » ne contient pas de fichier factur-x.xml : ce n’est pas une Factur-X.',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is no e-invoice at all (an image, a CSV) with 415', async () => {
    const before = await counts();
    const png = await deposit(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'photo.png');
    expect(png.status).toBe(415);
    expect(png.body.message).toBe('Ce fichier n’est ni une Factur-X, ni une facture CII, ni une facture UBL.');
    expect((await deposit(utf8('a;b\n1;2\n'), 'ventes.xml')).status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('refuses broken XML with 422 saying what is wrong, and writes nothing', async () => {
    const before = await counts();
    const res = await deposit(utf8(text(CII).replace('</ram:TypeCode>', '</ram:Type>')), 'casse.xml');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'La facture électronique est illisible : Balise « ram:TypeCode » fermée par « ram:Type » (ligne 17).',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses the same supplier’s invoice twice with 409 in French, and writes nothing', async () => {
    const first = await deposit(cii('DOUBLE-1'), 'double.xml');
    expect(first.status).toBe(201);
    const before = await counts();
    // Another file (a Factur-X this time) carrying the same invoice of the same supplier.
    const again = await deposit(await facturX(cii('DOUBLE-1')), 'double.pdf');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^La facture DOUBLE-1 de Atelier Lumière SARL a déjà été déposée le \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect(await counts()).toEqual(before);
  });

  it('answers a replayed Idempotency-Key with the first answer, once', async () => {
    const key = crypto.randomUUID();
    const first = await deposit(cii('IDEM-1'), 'idem.xml', { idempotencyKey: key });
    const before = await counts();
    const replay = await deposit(cii('IDEM-1'), 'idem.xml', { idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 in French without a file', async () => {
    const res = await t.server.api.request('POST', '/api/received-invoices', {
      token: t.demo,
      company: garage(),
      rawBody: new FormData(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Aucun fichier reçu : joignez la facture (champ « file »).');
  });
});

describe('GET /api/received-invoices: one company never sees another’s', () => {
  it('answers 404 for another company’s invoice and its file, and leaves it out of the list', async () => {
    const res = await deposit(cii('SECRET-1'), 'secret.xml');
    const id = res.body.id;
    expect((await get(`/api/received-invoices/${id}`, bakery())).status).toBe(404);
    const file = await get(`/api/received-invoices/${id}/file`, bakery());
    expect(file.status).toBe(404);
    expect(file.body.message).toBe('Facture reçue introuvable.');
    const list = await get('/api/received-invoices?q=SECRET', bakery());
    expect(list.body.items).toEqual([]);
    expect((await get('/api/received-invoices/999999')).status).toBe(404);
  });

  it('shows the demo company’s seeded invoices, one flagged', async () => {
    const { atelier, minoterie, energy } = demoFileNames().received;
    const list = await get('/api/received-invoices', bakery());
    expect(list.status).toBe(200);
    const seeded = list.body.items.filter((i: { number: string }) => [atelier, minoterie, energy].includes(i.number));
    expect(
      seeded.map((i: { number: string; statusLabel: string; format: string }) => [i.number, i.format, i.statusLabel]),
    ).toEqual([
      [energy, 'cii', '6 anomalies'],
      [minoterie, 'cii', 'Conforme'],
      [atelier, 'facturx', 'Conforme'],
    ]);
  });
});

describe('the inbox path: a deposit in Comptabilité › Achats', () => {
  const inbox = (bytes: Uint8Array, name: string, category = 43) =>
    upload(t.server.api, uploadForm([{ bytes, name }], category), { token: t.demo, company: garage() });

  it('turns a Factur-X deposited in Achats into a received invoice; a plain PDF stays a plain deposit', async () => {
    const before = await counts();
    const res = await inbox(await facturX(cii('BANNETTE-1')), 'bannette.pdf');
    expect(res.status).toBe(201);
    const list = await get('/api/received-invoices?q=BANNETTE-1');
    expect(list.body.items).toEqual([
      expect.objectContaining({
        number: 'BANNETTE-1',
        format: 'facturx',
        fileName: 'bannette.pdf',
        depositId: res.body.items[0].id,
      }),
    ]);
    const plain = await inbox(await plainPdf(), 'courrier.pdf');
    expect(plain.status).toBe(201);
    expect(await counts()).toEqual({ received: before.received + 1, deposits: before.deposits + 2 });
  });

  it('keeps a duplicate or an e-invoice in another category a plain deposit, without error', async () => {
    await inbox(await facturX(cii('BANNETTE-2')), 'b2.pdf');
    const before = await counts();
    const again = await inbox(await facturX(cii('BANNETTE-2')), 'b2-bis.pdf');
    expect(again.status).toBe(201);
    const elsewhere = await inbox(await facturX(cii('BANNETTE-3')), 'b3.pdf', 44);
    expect(elsewhere.status).toBe(201);
    expect(await counts()).toEqual({ received: before.received, deposits: before.deposits + 2 });
  });

  it('refuses to withdraw the original of a received invoice (kept 10 years)', async () => {
    const res = await deposit(cii('GARDE-1'), 'garde.xml');
    const del = await t.server.api.delete(`/api/my-inbox/documents/${res.body.depositId}`, {
      token: t.demo,
      company: garage(),
    });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(
      'Ce fichier est une facture reçue : il est conservé 10 ans et ne peut pas être retiré.',
    );
  });
});

describe('retention', () => {
  it('a received invoice can be neither changed nor deleted (the database refuses it)', async () => {
    const res = await deposit(cii('RETENUE-1'), 'retenue.xml');
    const db = t.server.deps.db;
    const where = eq(receivedInvoices.id, res.body.id);
    await expect(db.update(receivedInvoices).set({ ttc: '1.00' }).where(where)).rejects.toThrow();
    await expect(db.delete(receivedInvoices).where(where)).rejects.toThrow();
    const [row] = await db.select().from(receivedInvoices).where(where);
    expect(row.ttc).toBe('1305.50');
  });
});
