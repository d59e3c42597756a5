import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyId, GARAGE, invoicePayload, MARTIN } from '../support/invoice-helpers';
import { extractFacturX } from '../support/einvoice-validators';
import { useTestServer } from '../support/use-test-server';

// Decision 046: a validated invoice IS its Factur-X (the stored PDF carries its EN 16931 CII as
// factur-x.xml, PDF/A-3 metadata included), and GET /invoices/:id/ubl gives the same invoice in UBL.
// The XML's validity against the official rules is checked by the run's e-invoice step
// (tests/einvoice and scripts/validate-einvoices.ts); here, what the API client sees.

const env = useTestServer();

async function validatedInvoice(overrides: Parameters<typeof invoicePayload>[1] = {}) {
  const { server, demo } = env;
  const company = companyId(server, MARTIN);
  const draft = await server.api.post('/api/invoices', invoicePayload(server, overrides), { token: demo, company });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const res = await server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token: demo, company });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { company, id: draft.body.id as number, number: res.body.invoice.number as string, file: res.body.file };
}

describe('Factur-X at validation', () => {
  it('the PDF answered, stored and downloaded carries the invoice as factur-x.xml (EN 16931), with PDF/A-3 metadata', async () => {
    const v = await validatedInvoice();
    const answered = Buffer.from(v.file, 'base64');
    const downloaded = await env.server.api.get(`/api/invoices/${v.id}/pdf`, { token: env.demo, company: v.company });
    expect(Buffer.from(downloaded.raw).equals(answered)).toBe(true);

    const xml = await extractFacturX(answered);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(xml).toContain(`<ram:ID>${v.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    // The same totals as the visible PDF (2 lines: 222,72 € TTC).
    expect(xml).toMatch(/<ram:GrandTotalAmount>222\.72<\/ram:GrandTotalAmount>/);
    const text = answered.toString('latin1');
    expect(text).toContain('pdfaid:part');
    expect(text).toMatch(/fx:ConformanceLevel>EN 16931</);
  });

  it('a credit note is a 381 naming the invoice it corrects', async () => {
    const invoice = await validatedInvoice();
    const credit = await validatedInvoice({ type: 'Avoir', correctedInvoiceId: invoice.id });
    const xml = await extractFacturX(Buffer.from(credit.file, 'base64'));
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
  });
});

describe('GET /api/invoices/:id/ubl', () => {
  it('gives the validated invoice as UBL 2.1 (EN 16931), the same data as its Factur-X', async () => {
    const v = await validatedInvoice();
    const res = await env.server.api.get(`/api/invoices/${v.id}/ubl`, { token: env.demo, company: v.company });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`${v.number}.ubl.xml`);
    const xml = new TextDecoder().decode(res.raw);
    expect(xml).toContain('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    expect(xml).toContain(`<cbc:ID>${v.number}</cbc:ID>`);
    expect(xml).toMatch(/<cbc:PayableAmount currencyID="EUR">222\.72<\/cbc:PayableAmount>/);
  });

  it('a draft has no e-invoice yet (409, in French); another company’s invoice is not found (404)', async () => {
    const { server, demo } = env;
    const company = companyId(server, MARTIN);
    const draft = await server.api.post('/api/invoices', invoicePayload(server), { token: demo, company });
    const early = await server.api.get(`/api/invoices/${draft.body.id}/ubl`, { token: demo, company });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Cette facture n’est pas encore validée : elle n’a pas encore de version électronique (UBL).',
    );
    const v = await validatedInvoice();
    const other = await server.api.get(`/api/invoices/${v.id}/ubl`, {
      token: demo,
      company: companyId(server, GARAGE),
    });
    expect(other.status).toBe(404);
  });
});

describe('retention: a validated invoice and its Factur-X are kept as issued (10 years)', () => {
  const refused = async (statement: ReturnType<typeof sql>) => {
    const error = await env.server.deps.db.execute(statement).then(
      () => null,
      (e: unknown) => e as Error & { cause?: { message?: string } },
    );
    expect(error, 'la base aurait dû refuser').not.toBeNull();
    return `${error!.message} ${error!.cause?.message ?? ''}`;
  };

  it('the database itself refuses to change or delete them, even by a statement typed by hand', async () => {
    const v = await validatedInvoice();
    expect(await refused(sql`update invoices set ttc = 1 where id = ${v.id}`)).toContain(
      `La facture ${v.number} est validée : son contenu ne peut plus changer (corrigez-la par un avoir).`,
    );
    expect(await refused(sql`update invoices set lines = '[]' where id = ${v.id}`)).toContain('ne peut plus changer');
    expect(await refused(sql`delete from invoices where id = ${v.id}`)).toContain(
      `La facture ${v.number} est validée : elle est conservée 10 ans et ne peut pas être supprimée.`,
    );
    expect(await refused(sql`update invoice_pdfs set bytes = '\\x00' where invoice_id = ${v.id}`)).toContain(
      'Le fichier d’une facture validée est conservé 10 ans tel qu’il a été émis.',
    );
    expect(await refused(sql`delete from invoice_pdfs where invoice_id = ${v.id}`)).toContain('conservé 10 ans');
    // What follows an invoice after its issue still moves: payments, sending.
    await env.server.deps.db.execute(sql`update invoices set amount_paid = 10, sent_at = now() where id = ${v.id}`);
    const read = await env.server.api.get(`/api/invoices/${v.id}/pdf`, { token: env.demo, company: v.company });
    expect(Buffer.from(read.raw).equals(Buffer.from(v.file, 'base64'))).toBe(true);
  });
});
