import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/src/db/schema/index';
import { companyId, GARAGE, invoicePayload, MARTIN, NO_INVOICING, pdfText } from '../support/invoice-helpers';
import { extractFacturX } from '../support/einvoice-validators';
import { decodeWords, mimeHeaders, pdfAttachments, textBody } from '../support/mime';
import { startTestServer, type TestServer } from '../support/test-server';

// Sending a validated invoice to the customer (decision 003): through the .eml outbox by default and
// through a real SMTP server (smtp-server on loopback) when SMTP_URL is set. The attachment is
// the stored validated PDF, whose text is checked.

let server: TestServer;
let smtpServer: TestServer;
let smtp: SMTPServer;
const received: string[] = [];
let token: string;
let martin: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer();
  smtpServer = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  token = (await server.api.login('demo')).token;
  martin = companyId(server, MARTIN);
});
afterAll(async () => {
  await server?.close();
  await smtpServer?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function validated(target: TestServer, authToken: string, company: number) {
  const draft = await target.api.post('/api/invoices', invoicePayload(target), { token: authToken, company });
  const res = await target.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token: authToken, company });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { file: string; fileName: string; invoice: { id: number; number: string } };
}

function outbox(): string[] {
  const dir = join(server.dataDir, 'mail');
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

async function expectInvoicePdf(bytes: Buffer, number: string) {
  const text = await pdfText(bytes);
  expect(text).toContain(`FACTURE n° ${number}`);
  expect(text).toContain('222,72 €');
  expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
}

describe('POST /api/business-files/:id/send (embedded .eml outbox)', () => {
  it('mails the stored validated PDF to the customer and records sentAt', async () => {
    const v = await validated(server, token, martin);
    const before = outbox().length;
    const res = await server.api.post(
      `/api/business-files/${v.invoice.id}/send`,
      { type: 'Facture' },
      { token, company: martin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Facture envoyée',
      to: 'comptabilite.hotelduparc@example.fr',
      fileName: v.fileName,
    });
    expect(v.fileName).toBe(`Facture_Hotel_du_Parc_${v.invoice.number}.pdf`);
    const mails = outbox();
    expect(mails.length).toBe(before + 1);
    const eml = mails[mails.length - 1];
    expect(mimeHeaders(eml).to).toBe('comptabilite.hotelduparc@example.fr');
    expect(decodeWords(mimeHeaders(eml).subject)).toBe(
      `Facture n° ${v.invoice.number} – Boulangerie Pâtisserie Martin`,
    );
    expect(textBody(eml)).toContain(`la facture n° ${v.invoice.number}`);
    const [attachment] = pdfAttachments(eml);
    expect(attachment.filename).toBe(v.fileName);
    expect(attachment.bytes.equals(Buffer.from(v.file, 'base64'))).toBe(true);
    await expectInvoicePdf(attachment.bytes, v.invoice.number);
    // Decision 046: the customer receives the Factur-X, its EN 16931 data inside.
    expect(await extractFacturX(attachment.bytes)).toContain(`<ram:ID>${v.invoice.number}</ram:ID>`);
    const read = await server.api.get(`/api/invoices/${v.invoice.id}`, { token, company: martin });
    expect(Date.parse(read.body.sentAt)).not.toBeNaN();
  });

  it('answers on the double-slash path too; a proposed name is used, the client’s file bytes never', async () => {
    const v = await validated(server, token, martin);
    const res = await server.api.post(
      `/api/business-files//${v.invoice.id}/send`,
      { fileName: 'Votre facture de juillet', file: Buffer.from('faux PDF').toString('base64'), type: 'Facture' },
      { token, company: martin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fileName).toBe('Votre facture de juillet.pdf');
    const [attachment] = pdfAttachments(outbox().at(-1)!);
    expect(attachment.filename).toBe('Votre facture de juillet.pdf');
    expect(attachment.bytes.equals(Buffer.from(v.file, 'base64'))).toBe(true);
  });

  it('a seeded validated invoice (no PDF stored yet) is rendered once, stored and sent', async () => {
    const seeded = (
      await server.api.get('/api/factures?validated=true&type=Facture&customer=C00001&pageSize=1', {
        token,
        company: martin,
      })
    ).body.items[0];
    const res = await server.api.post(
      `/api/business-files/${seeded.id}/send`,
      { type: 'Facture' },
      { token, company: martin },
    );
    expect(res.status).toBe(200);
    const [attachment] = pdfAttachments(outbox().at(-1)!);
    expect(await pdfText(attachment.bytes)).toContain(`FACTURE n° ${seeded.number}`);
    const pdf = await server.api.get(`/api/invoices/${seeded.id}/pdf`, { token, company: martin });
    expect(Buffer.from(pdf.raw).equals(attachment.bytes)).toBe(true);
  });

  it('refuses a draft (409), a customer without e-mail (422), another company (404), no right (403)', async () => {
    const before = outbox().length;
    const draft = (await server.api.post('/api/invoices', invoicePayload(server), { token, company: martin })).body;
    const res = await server.api.post(
      `/api/business-files/${draft.id}/send`,
      { type: 'Facture' },
      { token, company: martin },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Seule une facture validée peut être envoyée.');
    const v = await validated(server, token, martin);
    await server.deps.db
      .update(customers)
      .set({ email: null })
      .where(and(eq(customers.companyId, martin), eq(customers.accountNumber, 'C00001')));
    try {
      const noMail = await server.api.post(
        `/api/business-files/${v.invoice.id}/send`,
        { type: 'Facture' },
        { token, company: martin },
      );
      expect(noMail.status).toBe(422);
      expect(noMail.body.message).toBe('Votre client n’a pas d’adresse e-mail.');
    } finally {
      await server.deps.db
        .update(customers)
        .set({ email: 'comptabilite.hotelduparc@example.fr' })
        .where(and(eq(customers.companyId, martin), eq(customers.accountNumber, 'C00001')));
    }
    expect(
      (
        await server.api.post(
          `/api/business-files/${v.invoice.id}/send`,
          { type: 'Facture' },
          { token, company: companyId(server, GARAGE) },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await server.api.post(
          `/api/business-files/${v.invoice.id}/send`,
          { type: 'Facture' },
          { token, company: companyId(server, NO_INVOICING) },
        )
      ).status,
    ).toBe(403);
    expect(
      (await server.api.post(`/api/business-files/${v.invoice.id}/send`, { type: 'Devis' }, { token, company: martin }))
        .status,
    ).toBe(400);
    expect(outbox().length).toBe(before);
  });
});

describe('POST /api/business-files/:id/send (SMTP)', () => {
  it('delivers the message with the PDF attached to the SMTP server', async () => {
    const smtpToken = (await smtpServer.api.login('demo')).token;
    const company = companyId(smtpServer, MARTIN);
    const v = await validated(smtpServer, smtpToken, company);
    const res = await smtpServer.api.post(
      `/api/business-files/${v.invoice.id}/send`,
      { fileName: v.fileName, file: v.file, type: 'Facture' },
      { token: smtpToken, company },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(received).toHaveLength(1);
    const message = received[0];
    expect(mimeHeaders(message).to).toBe('comptabilite.hotelduparc@example.fr');
    // Decision 012: from the company's name (address: the configured MAIL_FROM), replies go to the shop.
    expect(decodeWords(mimeHeaders(message).from)).toMatch(
      /^"?Boulangerie Pâtisserie Martin"? ?<no-reply@workplace\.localhost>$/,
    );
    expect(mimeHeaders(message)['reply-to']).toBe('contact@boulangerie-martin.fr');
    const [attachment] = pdfAttachments(message);
    expect(attachment.filename).toBe(v.fileName);
    await expectInvoicePdf(attachment.bytes, v.invoice.number);
    // Nothing went to the outbox of that server.
    expect(() => readdirSync(join(smtpServer.dataDir, 'mail'))).toThrow();
  });
});
