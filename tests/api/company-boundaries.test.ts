import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardPayments,
  companies,
  customers,
  firmAccounts,
  invoicePayments,
  invoices,
  memberships,
  notificationPreferences,
  notificationSeen,
  passwordResets,
  rightsAudit,
  users,
} from '../../server/src/db/schema/index';
import { FIRM_LABEL } from '../../server/src/seed/my-account';
import { endpoints } from '../../src/contract/index';
import type { AnyEndpoint } from '../../src/contract/endpoint';
import type { ApiResponse } from '../support/test-server';
import { useTestServer } from '../support/use-test-server';

// Decision 073: a company named in a path or a body is checked against the
// caller's memberships, whoever the caller is (the firm's staff included). The « Mon compte » link
// was the hole: the firm's user linked a company to another company's customer, whose invoices,
// PDFs and card payments then opened to it. The second part lists, from the contract itself, every
// endpoint naming a company (path parameter, body or query field) and calls each as a user who is
// not a member of the company named: 403 or 404, and nothing stored.

const ctx = useTestServer({ signIn: ['demo', 'admin'] });
const COMPANY_NOT_FOUND = 'Société introuvable.';

const db = () => ctx.server.deps.db;
/** The firm's company (« Cabinet Workplace Expertise »): the admin is a member with every right. */
async function firmId(): Promise<number> {
  const [firm] = await db().select().from(companies).where(eq(companies.label, FIRM_LABEL));
  return firm!.id;
}
/** Not a company of the admin's: the attack's « company 5 ». */
const nurses = () => ctx.company('Cabinet Infirmier du Vieux Port');

/** What a refused request must leave as it was. */
async function stored() {
  const d = db();
  return JSON.stringify({
    firmAccounts: await d.select().from(firmAccounts).orderBy(asc(firmAccounts.clientCompanyId)),
    memberships: await d.select().from(memberships).orderBy(asc(memberships.userId), asc(memberships.companyId)),
    users: await d.select().from(users).orderBy(asc(users.id)),
    rightsAudit: await d.select().from(rightsAudit).orderBy(asc(rightsAudit.id)),
    notificationSeen: await d.select().from(notificationSeen),
    notificationPreferences: await d.select().from(notificationPreferences),
    passwordResets: await d.select().from(passwordResets),
    cardPayments: await d.select().from(cardPayments).orderBy(asc(cardPayments.id)),
    invoicePayments: await d.select().from(invoicePayments).orderBy(asc(invoicePayments.id)),
  });
}

/** A validated invoice of the nurses' practice and its customer (the attack's « customer 33 »). */
async function nursesInvoice() {
  const [row] = await db()
    .select({ id: invoices.id, customerId: invoices.customerId })
    .from(invoices)
    .where(and(eq(invoices.companyId, nurses()), eq(invoices.validated, true), eq(invoices.type, 'Facture')))
    .orderBy(asc(invoices.id))
    .limit(1);
  expect(row, 'le cabinet infirmier doit avoir une facture validée').toBeDefined();
  return { invoiceId: row!.id, customerId: row!.customerId! };
}

/** A customer record of the firm that represents no company yet. */
async function freeFirmCustomer(firm: number, accountNumber: string) {
  const [c] = await db()
    .insert(customers)
    .values({ companyId: firm, accountNumber, socialReason: `Client libre ${accountNumber}` })
    .returning();
  return c!.id;
}

describe('« Mon compte »: the link names companies the firm’s user belongs to', () => {
  it('refuses a firm company the caller is not a member of (404): nothing linked, no invoice, PDF nor payment of it', async () => {
    const firm = await firmId();
    const { invoiceId, customerId } = await nursesInvoice();
    const before = await stored();
    const res = await ctx.server.api.put(
      `/api/my-account/link/${firm}`,
      { firmCompanyId: nurses(), customerId },
      { token: ctx.admin, company: firm },
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(COMPANY_NOT_FOUND);
    expect(await stored()).toBe(before);
    // The firm's own « Mon compte » shows nothing of the practice's invoices, and pays none of them.
    const asFirm = { token: ctx.admin, company: firm };
    const list = await ctx.server.api.get('/api/my-account/invoices?pageSize=100', asFirm);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: number }) => i.id)).not.toContain(invoiceId);
    expect((await ctx.server.api.get(`/api/my-account/invoices/${invoiceId}/pdf`, asFirm)).status).toBe(404);
    const pay = await ctx.server.api.post('/api/my-account/payments', { invoiceId }, asFirm);
    expect(pay.status).toBe(404);
    expect(pay.body.message).toBe('Facture introuvable.');
    expect(await stored()).toBe(before);
  });

  it('refuses a firm company where the caller may not manage customers and read invoices (403, in French)', async () => {
    // The admin follows the bakery's accounting only (decision 069): a member, without « Mes factures ».
    const bakery = ctx.company('Boulangerie Pâtisserie Martin');
    const [customer] = await db().select().from(customers).where(eq(customers.companyId, bakery)).limit(1);
    const before = await stored();
    const res = await ctx.server.api.put(
      `/api/my-account/link/${ctx.company('Conseil Audit Rousseau')}`,
      { firmCompanyId: bakery, customerId: customer!.id },
      { token: ctx.admin },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Vous ne pouvez pas relier une fiche client de « Boulangerie Pâtisserie Martin » : il faut y gérer les clients et y lire les factures.',
    );
    expect(await stored()).toBe(before);
  });

  it('refuses a client company the caller is not a member of (404), to read or to set its link', async () => {
    const firm = await firmId();
    const carpenter = ctx.company('Menuiserie Lefèvre Artisan Bois');
    const [linked] = await db().select().from(firmAccounts).where(eq(firmAccounts.clientCompanyId, carpenter));
    const before = await stored();
    const read = await ctx.server.api.get(`/api/my-account/link/${carpenter}`, { token: ctx.admin });
    expect(read.status).toBe(404);
    expect(read.body.message).toBe(COMPANY_NOT_FOUND);
    const customerId = await freeFirmCustomer(firm, 'C42001');
    const write = await ctx.server.api.put(
      `/api/my-account/link/${carpenter}`,
      { firmCompanyId: firm, customerId },
      { token: ctx.admin },
    );
    expect(write.status).toBe(404);
    expect(write.body.message).toBe(COMPANY_NOT_FOUND);
    expect(await stored()).toBe(before);
    expect((await db().select().from(firmAccounts).where(eq(firmAccounts.clientCompanyId, carpenter)))[0]).toEqual(
      linked,
    );
  });

  it('refuses to link a company to a customer record of its own (422)', async () => {
    const firm = await firmId();
    const customerId = await freeFirmCustomer(firm, 'C42002');
    const before = await stored();
    const res = await ctx.server.api.put(
      `/api/my-account/link/${firm}`,
      { firmCompanyId: firm, customerId },
      { token: ctx.admin },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Une société ne peut pas être reliée à une de ses propres fiches clients : choisissez la société du cabinet.',
    );
    expect(await stored()).toBe(before);
  });

  it('still links a client company of the caller to a customer of a firm company they manage', async () => {
    const firm = await firmId();
    const conseil = ctx.company('Conseil Audit Rousseau');
    const customerId = await freeFirmCustomer(firm, 'C42003');
    const res = await ctx.server.api.put(
      `/api/my-account/link/${conseil}`,
      { firmCompanyId: firm, customerId },
      { token: ctx.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.link).toMatchObject({ clientCompanyId: conseil, firmCompanyId: firm, customerId });
    await db().delete(firmAccounts).where(eq(firmAccounts.clientCompanyId, conseil));
  });

  it('reads a link to a firm company the caller is not a member of without the name of its customer', async () => {
    // A link written by someone else (a member of the practice): the admin may read the client
    // company's link, not the practice's customer record.
    const conseil = ctx.company('Conseil Audit Rousseau');
    const { customerId } = await nursesInvoice();
    const [customer] = await db().select().from(customers).where(eq(customers.id, customerId));
    const [before] = await db().select().from(firmAccounts).where(eq(firmAccounts.clientCompanyId, conseil));
    await db().delete(firmAccounts).where(eq(firmAccounts.clientCompanyId, conseil));
    await db()
      .insert(firmAccounts)
      .values({ clientCompanyId: conseil, firmCompanyId: nurses(), customerId, linkedAt: ctx.server.deps.now() });
    try {
      const res = await ctx.server.api.get(`/api/my-account/link/${conseil}`, { token: ctx.admin });
      expect(res.status).toBe(200);
      expect(res.body.link.customerLabel).toBe('Fiche client d’une société du cabinet dont vous n’êtes pas membre');
      expect(JSON.stringify(res.body)).not.toContain(customer!.socialReason);
    } finally {
      await db().delete(firmAccounts).where(eq(firmAccounts.clientCompanyId, conseil));
      if (before) await db().insert(firmAccounts).values(before);
    }
  });
});

// ── Every endpoint that names a company ──────────────────────────────────────────────────────────

/** A field naming a company, by its name (the wire's French « Société » included). */
const COMPANY_FIELD = /compan|soci[eé]t[eé]/i;

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The dotted names of a schema's fields that hold a number (an id), nested objects and arrays included. */
function numberFields(schema: unknown, prefix = ''): string[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) =>
        defOf(v) && leafType(v) === 'number' ? [prefix + k] : numberFields(v, `${prefix}${k}.`),
      );
    case 'array':
      return numberFields(def.element, `${prefix}[].`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'prefault':
    case 'catch':
      return numberFields(def.innerType, prefix);
    case 'pipe':
      return [...new Set([...numberFields(def.in, prefix), ...numberFields(def.out, prefix)])];
    default:
      return [];
  }
}
function leafType(schema: unknown): string | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  if (['optional', 'nullable', 'default', 'readonly', 'prefault', 'catch'].includes(def.type))
    return leafType(def.innerType);
  if (def.type === 'pipe') return leafType(def.out) ?? leafType(def.in);
  return def.type;
}

/** Each (endpoint, field naming a company) of the contract: `GET /path :param`, `PUT /path body.x`, `GET /path ?q`. */
function companyFields(e: AnyEndpoint): string[] {
  const head = `${e.method.toUpperCase()} ${e.path}`;
  const params = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!).filter((p) => COMPANY_FIELD.test(p));
  const leaf = (f: string) => f.split('.').at(-1)!;
  return [
    ...params.map((p) => `${head} :${p}`),
    ...numberFields(e.body)
      .filter((f) => COMPANY_FIELD.test(leaf(f)))
      .map((f) => `${head} body.${f}`),
    ...numberFields(e.query)
      .filter((f) => COMPANY_FIELD.test(leaf(f)))
      .map((f) => `${head} ?${f}`),
  ];
}

/** Who calls: signed in, member of `own` (sent as X-Company-Id), naming `outside`, of which they are not a member. */
interface Caller {
  who: string;
  token: string;
  id: number;
  own: number;
  outside: number;
  /** A member of `outside` (a user id the admin paths name). */
  memberOfOutside: number;
}

type Call = (c: Caller) => Promise<ApiResponse>;
/** The answer a refused call gives, when it is not the call's own status (a batch item's). */
type Refusal = (res: ApiResponse) => number;

const access = {
  appRights: [{ label: 'profil', permissions: ['view'], children: [] }],
  categories: [],
  categoriesInbox: [],
};

/** One case per company field of the contract: the test below fails for a field without its case. */
const CASES: Record<string, { call: Call; refusal?: Refusal; emptyFilter?: true }> = {
  'GET /utilisateurs/custom/user/:id/company/:lastCompany :lastCompany': {
    call: (c) => ctx.server.api.get(`/api/utilisateurs/custom/user/${c.id}/company/${c.outside}`, c),
  },
  'PUT /user/me body.idDerniereSociete': {
    call: (c) => ctx.server.api.put('/api/user/me', { idDerniereSociete: c.outside }, c),
  },
  'GET /notifications/refresh/user/:user/company/:company :company': {
    call: (c) => ctx.server.api.get(`/api/notifications/refresh/user/${c.id}/company/${c.outside}`, c),
  },
  'PUT /notifications/reset/user/:user/company/:company :company': {
    call: (c) => ctx.server.api.put(`/api/notifications/reset/user/${c.id}/company/${c.outside}`, {}, c),
  },
  'GET /widgets/ged/last/user/:user/company/:company :company': {
    call: (c) => ctx.server.api.get(`/api/widgets/ged/last/user/${c.id}/company/${c.outside}`, c),
  },
  // A filter of the firm's deposit history: it narrows the caller's own companies, so another company
  // lists nothing (a filter is not an object of the request: nothing to refuse, nothing to reveal).
  'GET /my-inbox/history/admin ?company': {
    call: (c) => ctx.server.api.get(`/api/my-inbox/history/admin?company=${c.outside}&pageSize=200`, c),
    emptyFilter: true,
  },
  'POST /sync/batch body.items.[].companyId': {
    call: (c) =>
      ctx.server.api.post(
        '/api/sync/batch',
        {
          items: [
            {
              key: `boundary-${c.who}-bank`,
              method: 'PUT',
              path: 'company/bank-details',
              companyId: c.outside,
              body: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
            },
          ],
        },
        c,
      ),
    refusal: (res) => (res.status === 200 ? res.body.items[0].status : res.status),
  },
  'GET /me/admin/audit/company/:company :company': {
    call: (c) => ctx.server.api.get(`/api/me/admin/audit/company/${c.outside}`, c),
  },
  'POST /me/admin/my-users body.companies.[].companyId': {
    call: (c) =>
      ctx.server.api.post(
        '/api/me/admin/my-users',
        {
          name: 'Frontière',
          firstName: 'Fanny',
          username: `fanny.frontiere.${c.who}`,
          email: `fanny.${c.who}@exemple.fr`,
          companies: [{ companyId: c.outside, ...access }],
        },
        c,
      ),
  },
  'GET /me/admin/my-users/user/:user/company/:company :company': {
    call: (c) => ctx.server.api.get(`/api/me/admin/my-users/user/${c.id}/company/${c.outside}`, c),
  },
  'GET /me/admin/my-users/profile/user/:user/company/:company :company': {
    call: (c) => ctx.server.api.get(`/api/me/admin/my-users/profile/user/${c.memberOfOutside}/company/${c.outside}`, c),
  },
  'PUT /me/admin/my-users/:id/company/:company :company': {
    call: (c) => ctx.server.api.put(`/api/me/admin/my-users/${c.memberOfOutside}/company/${c.outside}`, access, c),
  },
  'GET /my-account/link/:company :company': {
    call: (c) => ctx.server.api.get(`/api/my-account/link/${c.outside}`, c),
  },
  'PUT /my-account/link/:company :company': {
    call: async (c) => {
      const firm = await firmId();
      const customerId = await freeFirmCustomer(firm, `C43${c.id}`);
      return ctx.server.api.put(`/api/my-account/link/${c.outside}`, { firmCompanyId: firm, customerId }, c);
    },
  },
  'PUT /my-account/link/:company body.firmCompanyId': {
    call: async (c) => {
      const [customer] = await db().select().from(customers).where(eq(customers.companyId, c.outside)).limit(1);
      return ctx.server.api.put(
        `/api/my-account/link/${c.own}`,
        { firmCompanyId: c.outside, customerId: customer?.id ?? 1 },
        c,
      );
    },
  },
};

describe('every endpoint naming a company checks it against the caller’s memberships', () => {
  const fields = () => endpoints.flatMap(companyFields).sort();

  it('the contract’s company fields are the ones this test calls, no fewer, no more', () => {
    expect(fields()).toEqual(Object.keys(CASES).sort());
    // The walk does find fields where they hide (a path, a body, an array of a body, the wire's French).
    expect(fields()).toEqual(
      expect.arrayContaining([
        'PUT /user/me body.idDerniereSociete',
        'POST /sync/batch body.items.[].companyId',
        'PUT /my-account/link/:company body.firmCompanyId',
      ]),
    );
  });

  const callers = async (): Promise<Caller[]> => {
    const { adminUserId, demoUserId } = ctx.server.seed!;
    // demo is a member of the ten client companies; admin of four of them, the firm and their own.
    const [firmMember] = await db()
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, ctx.company('Conseil Audit Rousseau')), isNull(users.disabledAt)))
      .limit(1);
    return [
      {
        who: 'admin',
        token: ctx.admin,
        id: adminUserId,
        own: ctx.company('Conseil Audit Rousseau'),
        outside: nurses(),
        memberOfOutside: demoUserId,
      },
      {
        who: 'demo',
        token: ctx.demo,
        id: demoUserId,
        own: ctx.company('Garage Dupont & Fils'),
        outside: ctx.company('Conseil Audit Rousseau'),
        memberOfOutside: firmMember!.userId,
      },
    ];
  };

  it('answers 403 or 404 to a user who is not a member of the company named, and stores nothing', async () => {
    const wrong: string[] = [];
    for (const caller of await callers()) {
      const as = { ...caller, company: caller.own };
      for (const [field, { call, refusal, emptyFilter }] of Object.entries(CASES)) {
        const before = await stored();
        const res = await call(as);
        const status = refusal ? refusal(res) : res.status;
        const after = await stored();
        if (after !== before) wrong.push(`${caller.who} · ${field} : des données ont changé (${status})`);
        if (emptyFilter) {
          if (!(status === 403 || status === 404 || (status === 200 && res.body.items.length === 0)))
            wrong.push(`${caller.who} · ${field} : ${status}, ${JSON.stringify(res.body).slice(0, 120)}`);
        } else if (status !== 403 && status !== 404) {
          wrong.push(`${caller.who} · ${field} : ${status} ${JSON.stringify(res.body).slice(0, 160)}`);
        } else if (refusal === undefined && !(typeof res.body?.message === 'string' && res.body.message.length > 0)) {
          wrong.push(`${caller.who} · ${field} : ${status} sans message`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
