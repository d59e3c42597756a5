import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES as M } from '../../src/domain/customers';
import { ELECTRONIC_ADDRESS_MESSAGES as EA } from '../../src/domain/electronic-address';
import { useTestServer } from '../support/use-test-server';

// Customers of the current company, addressed by account number (CUS-1, CUS-2, ERR-2).

const ctx = useTestServer();

const companyId = (label: string) => ctx.company(label);
const DUPLICATE = 'Un client avec ce numéro de compte existe déjà.';
const NOT_FOUND = 'Client introuvable.';
const customer = (over: Record<string, unknown> = {}) => ({
  socialReason: 'Menuiserie Vidal',
  name: 'Vidal',
  civility: 'Société',
  adress: '4 rue du Port',
  postalCode: '17000',
  city: 'La Rochelle',
  billingAddresses: ['Comptabilité Vidal, BP 7, 17000 La Rochelle'],
  email: 'compta.vidal@example.fr',
  phone: '05 46 00 00 00',
  siren: '552 100 554',
  vatNumber: 'FR 96 552100554',
  payementMode: 'Virement',
  payementDelay: 30,
  isBusiness: true,
  ...over,
});
const create = (body: unknown, opts: { company?: number; idempotencyKey?: string } = {}) =>
  ctx.server.api.post('/api/customers', body, { token: ctx.demo, ...opts });
const path = (accountNumber: string) => `/api/customers/${encodeURIComponent(accountNumber)}`;

describe('GET /api/customers', () => {
  it('lists the company’s customers by social reason with the list convention', async () => {
    const res = await ctx.server.api.get('/api/customers', { token: ctx.demo });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 8, page: 1, pageSize: 50 });
    const names = res.body.items.map((c: { socialReason: string }) => c.socialReason);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
  });

  it('searches account number, social reason, name, city and e-mail', async () => {
    const q = async (text: string) =>
      (await ctx.server.api.get(`/api/customers?q=${encodeURIComponent(text)}`, { token: ctx.demo })).body.items.map(
        (c: { accountNumber: string }) => c.accountNumber,
      );
    expect(await q('lyon')).toEqual(['C00001']);
    expect(await q('C00003')).toEqual(['C00003']);
    expect(await q('tilleuls')).toEqual(['C00004']);
    expect(await q('Moreau')).toEqual(['C00005']);
    expect(await q('achats.brc')).toEqual(['C00007']);
    expect(await q('%')).toEqual([]);
    expect((await ctx.server.api.get('/api/customers?pageSize=2&page=2', { token: ctx.demo })).body.items).toHaveLength(
      2,
    );
  });
});

describe('GET /api/customers/:accountNumber', () => {
  it('reads one customer with the spec field names', async () => {
    const res = await ctx.server.api.get(path('C00001'), { token: ctx.demo });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountNumber: 'C00001',
      socialReason: 'Hôtel du Parc',
      adress: '12 avenue Foch',
      payementMode: 'Virement',
      payementDelay: 30,
    });
    expect(res.body.billingAddresses).toHaveLength(1);
    expect((await ctx.server.api.get(path('C00005'), { token: ctx.demo })).body).toMatchObject({
      adress: '',
      billingAddresses: [],
      payementDelay: null,
    });
  });

  it('answers 404 "Client introuvable." for an unknown number and for another company’s customer', async () => {
    const unknown = await ctx.server.api.get(path('C99999'), { token: ctx.demo });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(NOT_FOUND);
    expect((await create(customer({ accountNumber: 'BOUL-ONLY' }))).status).toBe(201);
    const elsewhere = await ctx.server.api.get(path('BOUL-ONLY'), {
      token: ctx.demo,
      company: companyId('Garage Dupont & Fils'),
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(NOT_FOUND);
  });

  it('handles account numbers with spaces and accents in the path', async () => {
    expect((await create(customer({ accountNumber: 'Clé 01' }))).status).toBe(201);
    expect((await ctx.server.api.get(path('Clé 01'), { token: ctx.demo })).body.accountNumber).toBe('Clé 01');
  });
});

describe('POST /api/customers', () => {
  it('creates a customer, cleaning SIREN and VAT number', async () => {
    const res = await create(customer({ accountNumber: 'VIDAL' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      accountNumber: 'VIDAL',
      socialReason: 'Menuiserie Vidal',
      name: 'Vidal',
      civility: 'Société',
      adress: '4 rue du Port',
      postalCode: '17000',
      city: 'La Rochelle',
      country: 'France',
      billingAddresses: ['Comptabilité Vidal, BP 7, 17000 La Rochelle'],
      deliveryAddress: '',
      email: 'compta.vidal@example.fr',
      phone: '05 46 00 00 00',
      siren: '552100554',
      vatNumber: 'FR96552100554',
      electronicAddressScheme: '',
      electronicAddress: '',
      payementMode: 'Virement',
      payementDelay: 30,
      isBusiness: true,
      archived: false,
    });
  });

  it('generates the next C00001-style number when none is given', async () => {
    const garage = companyId('Garage Dupont & Fils');
    const first = await create(customer(), { company: garage });
    expect(first.status).toBe(201);
    expect(first.body.accountNumber).toBe('C00009');
    expect((await create(customer({ accountNumber: '  ' }), { company: garage })).body.accountNumber).toBe('C00010');
  });

  it('numbers customers created without one on the server, each its own, even when sent together (two devices)', async () => {
    const garage = companyId('Garage Dupont & Fils');
    const answers = await Promise.all(
      [1, 2, 3].map((i) => create(customer({ socialReason: `Appareil ${i}` }), { company: garage })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const numbers = answers.map((a) => a.body.accountNumber);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n).toMatch(/^C\d{5}$/);
  });

  it('refuses the device-only "tmp-" prefix as an account number (422), on creation and renumbering', async () => {
    const reserved =
      'Un numéro de compte ne peut pas commencer par « tmp- » : ce préfixe est réservé aux clients créés hors connexion.';
    const res = await create(customer({ accountNumber: 'tmp-1b4e28ba' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([reserved]);
    const renumber = await ctx.server.api.put(path('C00001'), customer({ accountNumber: 'TMP-x' }), {
      token: ctx.demo,
    });
    expect(renumber.status).toBe(422);
  });

  it('answers 409 for an account number already used in the company', async () => {
    const res = await create(customer({ accountNumber: 'C00001' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: DUPLICATE });
  });

  it('answers 422 with every broken rule in French', async () => {
    const res = await create(
      customer({
        accountNumber: 'BAD',
        socialReason: ' ',
        email: 'vidal@',
        siren: '12345',
        vatNumber: 'FR123',
        payementDelay: 400,
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      M.socialReasonRequired,
      M.emailInvalid,
      M.sirenInvalid,
      M.vatNumberInvalid,
      M.paymentDelayInvalid,
    ]);
    expect((await create(customer({ accountNumber: 'BAD2', payementDelay: -1 }))).body.errors).toEqual([
      M.paymentDelayInvalid,
    ]);
  });

  it('keeps the « adresse de facturation électronique » (scheme + identifier) and refuses one a platform would not accept (decision 085)', async () => {
    const res = await create(
      customer({ accountNumber: 'EADR', electronicAddressScheme: ' 0225 ', electronicAddress: '552100554_COMPTA' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ electronicAddressScheme: '0225', electronicAddress: '552100554_COMPTA' });
    const read = await ctx.server.api.get(path('EADR'), { token: ctx.demo });
    expect(read.body).toMatchObject({ electronicAddressScheme: '0225', electronicAddress: '552100554_COMPTA' });
    // Set through the same API, as the directory look-up does: the pair alone changes.
    const put = await ctx.server.api.put(
      path('EADR'),
      customer({ accountNumber: 'EADR', electronicAddressScheme: 'em', electronicAddress: 'factures@vidal.fr' }),
      { token: ctx.demo },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ electronicAddressScheme: 'EM', electronicAddress: 'factures@vidal.fr' });
    for (const [scheme, value, message] of [
      ['0225', '55210055', EA.valueInvalid0225],
      ['0225', '552100554 COMPTA!', EA.valueInvalid0225],
      ['EM', 'factures@', EA.valueInvalidEmail],
      ['XX', '552100554', EA.schemeInvalid],
      ['', '552100554', EA.schemeMissing],
      ['0225', '', EA.valueMissing],
      ['0088', '1'.repeat(126), EA.valueTooLong],
    ]) {
      const bad = await create(
        customer({ accountNumber: 'EADR-BAD', electronicAddressScheme: scheme, electronicAddress: value }),
      );
      expect(bad.status, `${scheme}:${value}`).toBe(422);
      expect(bad.body.errors).toEqual([message]);
    }
  });

  it('answers 400, never 500, to malformed input', async () => {
    for (const body of [
      customer({ payementDelay: '30' }),
      customer({ billingAddresses: 'une adresse' }),
      customer({ isBusiness: 'oui' }),
      customer({ city: 'A\u0000' }),
      customer({ accountNumber: 'X'.repeat(31) }),
    ]) {
      expect((await create(body)).status).toBe(400);
    }
    const broken = await ctx.server.api.request('POST', '/api/customers', {
      token: ctx.demo,
      rawBody: '[',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await ctx.server.api.get('/api/customers/%00', { token: ctx.demo })).status).toBe(400);
  });

  it('creates one customer for two calls with the same Idempotency-Key', async () => {
    const body = customer({ socialReason: 'Client idempotent' });
    const first = await create(body, { idempotencyKey: 'customer-idem-001' });
    const second = await create(body, { idempotencyKey: 'customer-idem-001' });
    expect(second.body).toEqual(first.body);
    expect((await ctx.server.api.get('/api/customers?q=idempotent', { token: ctx.demo })).body.total).toBe(1);
  });
});

describe('PUT and DELETE /api/customers/:accountNumber', () => {
  it('updates a customer and can renumber it', async () => {
    await create(customer({ accountNumber: 'UPD-1' }));
    const res = await ctx.server.api.put(
      path('UPD-1'),
      customer({ socialReason: 'Vidal et Fils', payementDelay: 45 }),
      { token: ctx.demo },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accountNumber: 'UPD-1', socialReason: 'Vidal et Fils', payementDelay: 45 });
    const renamed = await ctx.server.api.put(path('UPD-1'), customer({ accountNumber: 'UPD-2' }), { token: ctx.demo });
    expect(renamed.body.accountNumber).toBe('UPD-2');
    expect((await ctx.server.api.get(path('UPD-1'), { token: ctx.demo })).status).toBe(404);
  });

  it('answers 409 when renumbering onto a used number, 404 for an unknown one, 422 for a blank one', async () => {
    await create(customer({ accountNumber: 'UPD-3' }));
    const dup = await ctx.server.api.put(path('UPD-3'), customer({ accountNumber: 'C00002' }), { token: ctx.demo });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(DUPLICATE);
    const missing = await ctx.server.api.put(path('NOPE'), customer(), { token: ctx.demo });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(NOT_FOUND);
    expect(
      (await ctx.server.api.put(path('UPD-3'), customer({ accountNumber: '' }), { token: ctx.demo })).body.errors,
    ).toEqual([M.accountNumberRequired]);
  });

  it('a 409 from a failed statement, sent with an Idempotency-Key, is stored without any of the work and replayed', async () => {
    await create(customer({ accountNumber: 'UPD-4', socialReason: 'Avant' }));
    // The new name is written by the same statement that fails on the used number: nothing of it stays.
    const body = customer({ accountNumber: 'C00002', socialReason: 'Après' });
    const opts = { token: ctx.demo, idempotencyKey: 'customer-renumber-409' };
    const first = await ctx.server.api.put(path('UPD-4'), body, opts);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(DUPLICATE);
    const again = await ctx.server.api.put(path('UPD-4'), body, opts);
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await ctx.server.api.get(path('UPD-4'), { token: ctx.demo })).body.socialReason).toBe('Avant');
    expect((await ctx.server.api.get(path('C00002'), { token: ctx.demo })).body.socialReason).not.toBe('Après');
    // The server still takes the next change on the same customer.
    const next = await ctx.server.api.put(
      path('UPD-4'),
      customer({ accountNumber: 'UPD-4', socialReason: 'Ensuite' }),
      {
        token: ctx.demo,
        idempotencyKey: 'customer-renumber-next',
      },
    );
    expect(next.status).toBe(200);
    expect(next.body.socialReason).toBe('Ensuite');
  });

  it('deletes a customer (204), then it is gone (404)', async () => {
    await create(customer({ accountNumber: 'DEL-1' }));
    expect((await ctx.server.api.delete(path('DEL-1'), { token: ctx.demo })).status).toBe(204);
    expect((await ctx.server.api.get(path('DEL-1'), { token: ctx.demo })).status).toBe(404);
    expect((await ctx.server.api.delete(path('DEL-1'), { token: ctx.demo })).status).toBe(404);
  });

  it('never touches another company’s customer', async () => {
    const garage = companyId('Garage Dupont & Fils');
    await create(customer({ accountNumber: 'GAR-ONLY' }), { company: garage });
    expect((await ctx.server.api.delete(path('GAR-ONLY'), { token: ctx.demo })).status).toBe(404);
    expect((await ctx.server.api.put(path('GAR-ONLY'), customer(), { token: ctx.demo })).status).toBe(404);
    expect((await ctx.server.api.get(path('GAR-ONLY'), { token: ctx.demo, company: garage })).body.socialReason).toBe(
      'Menuiserie Vidal',
    );
  });
});

describe('rights', () => {
  it('refuses a company without invoicing (403) and a missing token (401)', async () => {
    const plume = companyId('Librairie La Plume d’Or');
    expect((await ctx.server.api.get('/api/customers', { token: ctx.demo, company: plume })).status).toBe(403);
    expect((await ctx.server.api.get(path('C00001'), { token: ctx.demo, company: plume })).status).toBe(403);
    expect((await create(customer(), { company: plume })).status).toBe(403);
    expect((await ctx.server.api.get('/api/customers')).status).toBe(401);
  });
});
