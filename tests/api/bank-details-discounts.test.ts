import { beforeAll, describe, expect, it } from 'vitest';
import {
  companyId,
  invoicePayload,
  line,
  MARTIN,
  NO_INVOICING,
  pdfText,
  quotePayload,
} from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 012: the company's bank details on invoices paid by transfer,
// the quote an invoice comes from, and discounts per line and per document, through the API and
// the PDF text.

const ctx = useTestServer();
let martin: number;
beforeAll(() => void (martin = ctx.company(MARTIN)));

const as = (company = martin) => ({ token: ctx.demo, company });
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

async function validate(overrides = {}) {
  const draft = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server, overrides), as());
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const res = await ctx.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, as());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { invoice: res.body.invoice, text: await pdfText(Buffer.from(res.body.file, 'base64')) };
}

describe('/api/company/bank-details', () => {
  it('refuses a wrong IBAN key or BIC in French (422), stores a valid pair compact', async () => {
    const seeded = { iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPLYO' }; // the demo bakery's
    expect((await ctx.server.api.get('/api/company/bank-details', as())).body).toEqual(seeded);
    const bad = await ctx.server.api.put(
      '/api/company/bank-details',
      { iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'BNP' },
      as(),
    );
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      message: 'Vos coordonnées bancaires contiennent des erreurs.',
      field: 'iban',
      errors: [
        'L’IBAN saisi n’est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.',
        'Le BIC saisi n’est pas valide (8 ou 11 caractères : banque, pays, ville, agence).',
      ],
    });
    const short = await ctx.server.api.put('/api/company/bank-details', { iban: 'FR76 3000', bic: '' }, as());
    expect(short.body.errors).toEqual(['Un IBAN FR compte 27 caractères.']);
    expect((await ctx.server.api.get('/api/company/bank-details', as())).body).toEqual(seeded);

    const ok = await ctx.server.api.put(
      '/api/company/bank-details',
      { iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'bnpafrppxxx' },
      as(),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ iban: 'FR7630006000011234567890189', bic: 'BNPAFRPPXXX' });
    expect((await ctx.server.api.get('/api/company/bank-details', as())).body).toEqual(ok.body);
    // The offline editor prints them too: the environment carries them.
    expect((await ctx.server.api.get('/api/environment/plume', as())).body.company).toMatchObject(ok.body);
  });

  it('needs the invoicing right (403)', async () => {
    const res = await ctx.server.api.put(
      '/api/company/bank-details',
      { iban: IBAN },
      as(companyId(ctx.server, NO_INVOICING)),
    );
    expect(res.status).toBe(403);
  });
});

describe('invoice PDF: bank details and originating quote', () => {
  it('prints IBAN and BIC on an invoice paid by transfer, not on one paid by cheque', async () => {
    await ctx.server.api.put('/api/company/bank-details', { iban: IBAN, bic: 'BNPAFRPPXXX' }, as());
    const transfer = await validate({ payementMode: 'Virement' });
    expect(transfer.text).toContain(`Coordonnées bancaires : IBAN ${IBAN} – BIC BNPAFRPPXXX`);
    const cheque = await validate({ payementMode: 'Chèque' });
    expect(cheque.text).not.toContain('IBAN');
  });

  it('an invoice converted from a quote names it', async () => {
    const quote = (
      await ctx.server.api.post(
        '/api/estimates',
        quotePayload(ctx.server, { discount: { type: 'percent', value: 5 } }),
        as(),
      )
    ).body;
    await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Accepté' }, as());
    const converted = await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, as());
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    // The quote's discount follows it into the invoice.
    expect(converted.body.discount).toEqual({ type: 'percent', value: 5 });
    const pdf = await ctx.server.api.get(`/api/invoices/${converted.body.id}/pdf`, as());
    expect(await pdfText(Buffer.from(pdf.raw))).toContain(`Devis d'origine : ${quote.number}`);
  });
});

describe('discounts (decision 012)', () => {
  const discounted = () => ({
    lines: [
      line(),
      line({
        code: 'BOU011',
        label: 'Buffet petit-déjeuner',
        quantity: 20,
        unitPrice: 9.5,
        vatRate: 10,
        salesAccount: '706000',
        discount: { type: 'percent' as const, value: 10 },
      }),
    ],
    discount: { type: 'amount' as const, value: 20 },
  });

  it('applies line and document discounts before VAT, answers and prints them', async () => {
    const { invoice, text } = await validate(discounted());
    expect(invoice.discount).toEqual({ type: 'amount', value: 20 });
    expect(invoice.lines[1]).toMatchObject({ discount: { type: 'percent', value: 10 }, total: 171 });
    // 13 + 171 = 184 HT; 20 € spread pro rata over 10 % and 5,5 %: 18,59 and 1,41.
    expect(invoice.totals).toEqual({ ht: 164, tva: 15.88, ttc: 179.88, subtotal: 184, discount: 20 });
    expect(invoice.vatBreakdown).toEqual([
      { rate: 10, base: 152.41, vat: 15.24 },
      { rate: 5.5, base: 11.59, vat: 0.64 },
    ]);
    for (const s of [
      'Remise',
      '10 %',
      '171,00 €',
      'Total HT avant remise',
      '184,00 €',
      '-20,00 €',
      'Total HT net',
      '164,00 €',
      '179,88 €',
    ])
      expect(text).toContain(s);
    const list = await ctx.server.api.get('/api/factures?pageSize=50', as());
    expect(list.body.items.find((r: { id: number }) => r.id === invoice.id).invoice.ttc).toBe(179.88);
  });

  it('old payloads without discounts answer exactly as before', async () => {
    const res = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), as());
    expect(res.body.discount).toBeNull();
    expect(res.body.totals).toEqual({ ht: 203, tva: 19.72, ttc: 222.72 });
    expect(res.body.lines[0]).not.toHaveProperty('discount');
  });

  it('refuses discounts larger than what they reduce (422, French)', async () => {
    const res = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, {
        lines: [line({ discount: { type: 'amount', value: 50 } })],
        discount: { type: 'percent', value: 150 },
      }),
      as(),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        'La remise d’une ligne ne peut pas dépasser le montant de cette ligne.',
        'Une remise en pourcentage doit être comprise entre 0 et 100 %.',
      ]),
    );
    const badType = await ctx.server.api.post(
      '/api/invoices',
      { ...invoicePayload(ctx.server), discount: { type: 'gift', value: 5 } },
      as(),
    );
    expect(badType.status).toBe(400);
  });
});
