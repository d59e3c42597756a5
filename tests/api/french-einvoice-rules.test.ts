import { beforeAll, describe, expect, it } from 'vitest';
import { extractFacturX } from '../support/einvoice-validators';
import { customerPayload, invoicePayload, MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 085: an invoice the French platform rules would reject cannot be validated (422, French
// message naming what is missing), and a validated one carries the electronic addresses and the
// billing framework those rules require.

const ctx = useTestServer();
let martin: number;
beforeAll(() => {
  martin = ctx.company(MARTIN);
});
const as = (company: number) => ({ token: ctx.demo, company });

async function customer(socialReason: string, over: Record<string, unknown>) {
  const res = await ctx.server.api.post('/api/customers', customerPayload(socialReason, over), as(martin));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { accountNumber: string };
}
async function draft(accountNumber: string, over: Record<string, unknown> = {}) {
  const res = await ctx.server.api.post(
    '/api/invoices',
    invoicePayload(ctx.server, { customer: { accountNumber }, ...over }),
    as(martin),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}
const validate = (id: number) => ctx.server.api.put(`/api/invoices/${id}/validate`, {}, as(martin));

describe('validation under the French platform rules', () => {
  it('refuses a customer without any electronic address (no sheet address, no SIREN, no e-mail), naming it', async () => {
    const person = await customer('Luc Bernard', { siren: '', isBusiness: false, email: '' });
    const inv = await draft(person.accountNumber);
    const refused = await validate(inv.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      `Le client Luc Bernard (${person.accountNumber}) n’a pas d’adresse de facturation électronique : renseignez-la sur sa fiche, ou son e-mail, la facture électronique l’exige.`,
    ]);
    // Its e-mail is enough (scheme EM).
    const put = await ctx.server.api.put(
      `/api/customers/${encodeURIComponent(person.accountNumber)}`,
      customerPayload('Luc Bernard', {
        accountNumber: person.accountNumber,
        siren: '',
        isBusiness: false,
        email: 'luc.bernard@example.fr',
      }),
      as(martin),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await validate(inv.id)).status).toBe(200);
  });

  it('writes the sheet’s electronic address (BT-49), the company’s SIREN-based one (BT-34) and BT-23 into the Factur-X', async () => {
    const pro = await customer('Vidal Compta', {
      electronicAddressScheme: '0225',
      electronicAddress: '552032534_FACTURES',
    });
    const inv = await draft(pro.accountNumber, { operationKind: 'biens' });
    const ok = await validate(inv.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const pdf = await ctx.server.api.get(`/api/invoices/${inv.id}/pdf`, as(martin));
    expect(pdf.status).toBe(200);
    const xml = await extractFacturX(new Uint8Array(pdf.raw));
    expect(xml).toContain('<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>B1</ram:ID>');
    expect(xml).toContain('<ram:URIID schemeID="0225">552032534_FACTURES</ram:URIID>');
    expect(xml).toContain('<ram:URIID schemeID="0225">512345679</ram:URIID>');
  });
});
