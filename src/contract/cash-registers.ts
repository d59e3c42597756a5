import { z } from 'zod';
import { isoDateText, safeText } from './common';
import { endpoint, file } from './endpoint';

// CASH-3 (decision 037): the company's cash registers, their daily journals
// (journées), movements appended to an open day, the closing of a day, the integrity check of the
// chained and signed records, the archive of a period, and the four dashboard figures.
// Money is a JSON number of euros with at most 2 decimals (api-conventions); the server keeps cents.

const tag = 'Caisses';

/** The six movement lists of a journée (CASH-1). */
export const MOVEMENT_CATEGORIES = [
  'sales',
  'revenues',
  'bankDeposit',
  'initialDeposit',
  'expenses',
  'summary',
] as const;
export type MovementCategory = (typeof MOVEMENT_CATEGORIES)[number];

/** Means of payment of the revenues (decision 037). */
export const PAYMENT_METHODS = ['especes', 'carte', 'cheque', 'titres-restaurant', 'autres'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A register's movement type: what a line of the journal means and how it moves the drawer's cash. */
export const movementType = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  category: z.enum(MOVEMENT_CATEGORIES),
  /** Sales only: the VAT rate of the line (20, 10, 5.5, 2.1, 0). */
  vatRate: z.number().nullable(),
  /** Revenues only: the means of payment. */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** Cash drawer effect: 'in' adds to the balance, 'out' takes from it, 'none' (sales, card…) does not. */
  cash: z.enum(['in', 'out', 'none']),
});
export type MovementType = z.output<typeof movementType>;

/** One line of a movement list (CASH-1: idTypeMouv, idTypeMouvLie, amount), with its record's identity. */
export const movementEntry = z.object({
  /** The movement's uuid (chosen by the device that entered it, so a replay is recognised). */
  id: z.string(),
  idTypeMouv: z.number().int(),
  /** A correction names the movement it corrects (its uuid); null otherwise. */
  idTypeMouvLie: z.string().nullable(),
  amount: z.number(),
  label: z.string(),
  /** When the server recorded it (ISO instant) and its place in the register's chain. */
  at: z.string(),
  seq: z.number().int(),
  /** Expenses: the SHA-256 of the receipt photo, read at receiptLink. */
  receipt: z.object({ sha256: z.string(), contentType: z.string(), link: z.string() }).nullable(),
});
export type MovementEntry = z.output<typeof movementEntry>;

/** The drawer counted at closing: by notes and coins (value in euros as text → how many), or a total. */
export const drawerCount = z.object({
  total: z.number(),
  detail: z.record(z.string(), z.number().int().min(0).max(100_000)).nullable(),
});

/** A day's journal (journée) of one register. */
export const journal = z.object({
  day: isoDateText,
  registerDetails: z.object({
    id: z.number().int(),
    closed: z.boolean(),
    inflow: z.number(),
    outflow: z.number(),
    balanceInitial: z.number(),
    balanceFinal: z.number(),
  }),
  sales: z.array(movementEntry),
  revenues: z.array(movementEntry),
  bankDeposit: z.array(movementEntry),
  initialDeposit: z.array(movementEntry),
  expenses: z.array(movementEntry),
  summary: z.array(movementEntry),
  /** Totals of the day: sales by VAT rate and revenues by means of payment (keys as in the types). */
  salesByVatRate: z.array(z.object({ vatRate: z.number(), amount: z.number() })),
  revenuesByPaymentMethod: z.array(z.object({ paymentMethod: z.enum(PAYMENT_METHODS), amount: z.number() })),
  /** Set once the day is closed: what was counted and the difference (« écart de caisse ») recorded. */
  counted: drawerCount.nullable(),
  difference: z.number().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** PUT links (CASH-2); null once the day is closed. */
  links: z.object({ update: z.string().nullable(), close: z.string().nullable() }),
});
export type Journal = z.output<typeof journal>;

/** A register as GET /api/sales-register lists it: with its current day and its links. */
export const register = z.object({
  id: z.number().int(),
  uuid: z.string(),
  label: z.string(),
  location: z.string().nullable(),
  /** The day to work on: the oldest day still open, or today. */
  currentDay: isoDateText,
  /** Today's journal (empty lists if nothing was entered yet). */
  today: journal,
  /** Days before today that have movements and are not closed yet (oldest first). */
  openDays: z.array(isoDateText),
  lastClosedDay: isoDateText.nullable(),
  /** Perpetual grand total of sales (never reset), from the last closing. */
  grandTotal: z.number(),
  links: z.object({
    history: z.string(),
    typeOfMovement: z.string(),
    verify: z.string(),
    chain: z.string(),
    archive: z.string(),
  }),
});
export type Register = z.output<typeof register>;

const period = z.object({ dateStart: isoDateText, dateEnd: isoDateText });
const dashboardQuery = z.object({
  dateStart: isoDateText,
  dateEnd: isoDateText,
  /** One register's uuid; all the company's registers when absent. */
  register: z.string().max(64).optional(),
});

/** A movement entered on an open day. */
export const newMovement = z.object({
  id: z.uuid(),
  idTypeMouv: z.number().int().positive(),
  idTypeMouvLie: z.uuid().nullable().optional(),
  amount: z.number(),
  label: safeText(200).optional(),
  /** Expenses: the receipt photo (JPEG, PNG, WebP or PDF, checked by content), 4 MB at most. */
  receipt: z
    .object({ fileName: safeText(200), contentType: z.string().max(100), base64: z.string().max(6_000_000) })
    .nullable()
    .optional(),
});
export type NewMovement = z.input<typeof newMovement>;

const dayPath = '/sales-register/:uuid/days/:day';

export const list = endpoint({
  method: 'get',
  path: '/sales-register',
  tag,
  summary: 'Caisses de la société, chacune avec sa journée en cours et ses liens',
  responses: { 200: z.array(register) },
});

export const typeOfMovement = endpoint({
  method: 'get',
  path: '/sales-register/:id/type-of-movement',
  tag,
  summary: 'Types de mouvement d’une caisse (ventes par taux de TVA, encaissements par moyen de paiement…)',
  responses: { 200: z.array(movementType) },
  errors: { 404: 'Caisse introuvable' },
});

export const history = endpoint({
  method: 'get',
  path: '/sales-register/:uuid/history',
  tag,
  summary: 'Journées d’une caisse entre deux dates (jours avec des mouvements, et aujourd’hui)',
  query: period,
  responses: { 200: z.object({ register: register.omit({ today: true }), days: z.array(journal) }) },
  errors: { 404: 'Caisse introuvable', 422: 'Période invalide' },
});

export const updateDay = endpoint({
  method: 'put',
  path: dayPath,
  tag,
  offline: 'queue',
  summary: 'Ajoute des mouvements à une journée ouverte (jamais de modification : une correction est un mouvement)',
  body: z.object({ movements: z.array(newMovement).min(1).max(200) }),
  responses: { 200: journal },
  errors: {
    404: 'Caisse ou mouvement corrigé introuvable',
    409: 'Journée clôturée',
    413: 'Justificatif trop volumineux',
    415: 'Justificatif d’un type non accepté',
    422: 'Jour futur, montant invalide, correction au-delà du mouvement corrigé, même identifiant pour un autre mouvement',
  },
});

export const closeDay = endpoint({
  method: 'put',
  path: `${dayPath}/close`,
  tag,
  offline: 'queue',
  summary: 'Clôture une journée : comptage du tiroir, écart de caisse, clôtures mensuelle et annuelle calculées',
  body: z.object({ closed: z.literal(true), counted: drawerCount }),
  responses: { 200: journal },
  errors: { 404: 'Caisse introuvable', 409: 'Journée déjà clôturée ou journée antérieure ouverte', 422: 'Jour futur' },
});

export const receipt = endpoint({
  method: 'get',
  path: '/sales-register/:uuid/receipts/:sha256',
  tag,
  summary: 'Photo du justificatif d’une dépense',
  responses: { 200: file('') },
  errors: { 404: 'Justificatif introuvable' },
});

const check = z.object({ ok: z.boolean(), detail: z.string() });
export const verifyReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  period: z.object({ dateStart: isoDateText.nullable(), dateEnd: isoDateText.nullable() }),
  movements: z.object({
    count: z.number().int(),
    first: z.object({ seq: z.number().int(), hash: z.string(), at: z.string() }).nullable(),
    last: z.object({ seq: z.number().int(), hash: z.string(), at: z.string() }).nullable(),
  }),
  closings: z.object({ count: z.number().int() }),
  checks: z.object({
    chain: check,
    sequence: check,
    signatures: check,
    anchors: check,
    totals: check,
    /** The register's signed head (decision 077): its signature, and no record beyond it. */
    head: check.optional(),
    /** The dashboards' derived day totals against the movements (server only). */
    dayTotals: check.optional(),
  }),
  firstBreak: z.object({ kind: z.enum(['movement', 'closing']), seq: z.number().int(), reason: z.string() }).nullable(),
  failingClosings: z.array(z.number().int()),
  publicKey: z.object({ fingerprint: z.string(), jwk: z.record(z.string(), z.string()) }),
  /** « aucune donnée ne peut être altérée sans rompre la chaîne » when ok; what broke otherwise. */
  conclusion: z.string(),
});
export type VerifyReport = z.output<typeof verifyReport>;

export const verify = endpoint({
  method: 'get',
  path: '/sales-register/:uuid/verify',
  tag,
  summary: 'Vérifie l’intégrité de la chaîne (hachages, séquence, signatures Ed25519, clôtures)',
  query: period.partial(),
  responses: { 200: verifyReport },
  errors: { 404: 'Caisse introuvable' },
});

export const chain = endpoint({
  method: 'get',
  path: '/sales-register/:uuid/chain',
  tag,
  summary: 'Les enregistrements chaînés et signés, pour une vérification par le navigateur',
  query: period.partial(),
  // The records' shape is the rulebook's (src/domain/cash-register/chain.ts): checked there.
  responses: {
    200: z.object({
      records: z.array(z.unknown()),
      publicKey: z.record(z.string(), z.string()),
      /** Every key that signed records of this installation, by fingerprint (records name theirs in keyId). */
      publicKeys: z.record(z.string(), z.record(z.string(), z.string())),
      /** The register's signed head (decision 077), checked with the records. */
      head: z
        .object({
          seq: z.number().int(),
          hash: z.string(),
          closingSeq: z.number().int(),
          closingHash: z.string(),
          signature: z.string().nullable(),
          keyId: z.string().nullable(),
        })
        .optional(),
    }),
  },
  errors: { 404: 'Caisse introuvable' },
});

export const archive = endpoint({
  method: 'get',
  path: '/sales-register/:uuid/archive',
  tag,
  summary: 'Archive d’une période (zip : CSV, JSON, chaîne, signatures, clé publique, LISEZMOI)',
  query: period,
  responses: { 200: file('application/zip') },
  errors: { 404: 'Caisse introuvable', 422: 'Période invalide' },
});

const money = z.number();
export const salesDashboard = endpoint({
  method: 'get',
  path: '/sales-register/dashboard/sales',
  tag,
  summary: 'Ventes TTC par jour et par mois, avec la même période de l’année précédente',
  query: dashboardQuery,
  responses: {
    200: z.object({
      days: z.array(z.object({ day: isoDateText, amount: money, previousYear: money })),
      months: z.array(z.object({ month: z.string(), amount: money, previousYear: money })),
      total: money,
      previousYearTotal: money,
    }),
  },
});

export const revenuesDashboard = endpoint({
  method: 'get',
  path: '/sales-register/dashboard/revenues',
  tag,
  summary: 'Encaissements par moyen de paiement sur la période',
  query: dashboardQuery,
  responses: {
    200: z.object({
      byPaymentMethod: z.array(z.object({ paymentMethod: z.enum(PAYMENT_METHODS), label: z.string(), amount: money })),
      total: money,
    }),
  },
});

export const resultStakeDashboard = endpoint({
  method: 'get',
  path: '/sales-register/dashboard/result-stake',
  tag,
  summary: 'Enjeux de caisse de la période : espèces en tiroir, remises en banque, dépenses, écarts de caisse',
  query: dashboardQuery,
  responses: {
    200: z.object({
      cashInDrawers: money,
      bankDeposits: money,
      cashExpenses: money,
      differences: money,
      differenceDays: z.number().int(),
      openDays: z.number().int(),
    }),
  },
});

export const resultMonthlyDashboard = endpoint({
  method: 'get',
  path: '/sales-register/dashboard/result-monthly',
  tag,
  summary: 'Résultat de caisse par mois : ventes HT, dépenses payées en caisse, solde',
  query: dashboardQuery,
  responses: {
    200: z.object({
      months: z.array(z.object({ month: z.string(), salesExclTax: money, expenses: money, result: money })),
    }),
  },
});
