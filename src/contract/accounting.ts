import { z } from 'zod';
import { cursorPage, id, isoDateText, page, safeText } from './common';
import { endpoint, file } from './endpoint';

// ACC-3 (decision 039): « Ma comptabilité », fed by the FEC files the firm imports.
// An accepted FEC replaces the company's exercise it covers; every figure is read from it.
// Money is a JSON number of euros with at most 2 decimals (api-conventions); the server keeps cents.
// Account numbers are the FEC's raw `CompteNum` (often padded: 41100000); their prefix gives the
// PCG class. Company-scoped calls use X-Company-Id; another company's objects answer 404.

const tag = 'Comptabilité';
const money = z.number();

/** An exercise as an import created it (the spec's accounting.exercises: dateStart, dateEnd). */
export const exercise = z.object({
  id: z.number().int(),
  dateStart: isoDateText,
  dateEnd: isoDateText,
  /** « Exercice du 01/01/2025 au 31/12/2025 ». */
  label: z.string(),
  lines: z.number().int(),
  entries: z.number().int(),
  importedAt: z.string(),
});
export type AccountingExercise = z.output<typeof exercise>;

/** One import of a FEC, accepted (the history lists only accepted files; a refused one changes nothing). */
export const fecImport = z.object({
  id: z.number().int(),
  exerciseId: z.number().int().nullable(),
  fileName: z.string(),
  /** Read from the file name `SIRENFECAAAAMMJJ.txt`; null when the name does not follow it. */
  siren: z.string().nullable(),
  closingDate: isoDateText.nullable(),
  dateStart: isoDateText,
  dateEnd: isoDateText,
  lines: z.number().int(),
  entries: z.number().int(),
  totalDebit: money,
  totalCredit: money,
  /** 'utf-8', 'utf-8-bom', 'iso-8859-15' or 'windows-1252'; separator 'tab', '|' or ';'. */
  encoding: z.string(),
  separator: z.string(),
  /** SHA-256 of the file's bytes (hex). */
  sha256: z.string(),
  importedBy: z.object({ id: z.number().int(), firstName: z.string(), name: z.string() }),
  importedAt: z.string(),
  /** True when a later import replaced this one's exercise. */
  replaced: z.boolean(),
});
export type FecImport = z.output<typeof fecImport>;

/** One fault of a refused FEC: the line of the file (1 = header), the column named by the header. */
export const fecFault = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type FecFault = z.output<typeof fecFault>;

/**
 * The 422 body of a refused FEC: the error shape (message, errors as French sentences « Ligne 12,
 * colonne Debit : … ») plus the structured report: the first 100 faults and their total count.
 */
export const fecRefusal = z.object({
  message: z.string(),
  errors: z.array(z.string()),
  faults: z.array(fecFault),
  faultCount: z.number().int(),
  requestId: z.string().optional(),
});
export type FecRefusal = z.output<typeof fecRefusal>;

/** A line of the general ledger or of a search: one FEC line with its entry's identity. */
export const ledgerLine = z.object({
  id: z.number().int(),
  account: z.string(),
  accountLabel: z.string(),
  auxAccount: z.string().nullable(),
  auxLabel: z.string().nullable(),
  date: isoDateText,
  journal: z.string(),
  journalLabel: z.string(),
  entryNumber: z.string(),
  piece: z.string(),
  pieceDate: isoDateText.nullable(),
  label: z.string(),
  debit: money,
  credit: money,
  lettering: z.string().nullable(),
  letteringDate: isoDateText.nullable(),
  validDate: isoDateText.nullable(),
});
export type EntryLine = z.output<typeof ledgerLine>;

/** A general-ledger line with its account's running balance (debit − credit, opening balance included). */
export const greatBookLine = ledgerLine.extend({ balance: money });
export type GreatBookLine = z.output<typeof greatBookLine>;

/** An account's totals over a selection (from the monthly aggregates, never from the lines). */
export const accountTotals = z.object({
  account: z.string(),
  label: z.string(),
  /** PCG class: the first digit (1 to 8). */
  accountClass: z.number().int(),
  /** Balance before the selection's first day, inside the exercise (à-nouveaux included). */
  opening: money,
  debit: money,
  credit: money,
  /** opening + debit − credit. */
  balance: money,
});
export type AccountTotals = z.output<typeof accountTotals>;

/** A period: an exercise, or dates inside one (the exercise holding dateStart when none is named). */
const periodQuery = z.object({
  exercise: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  dateStart: isoDateText.optional(),
  dateEnd: isoDateText.optional(),
});
/** Account selection: raw numbers or prefixes (« 411 » selects 41100000, 411DUPONT…), comma-separated in a query. */
const accountsText = safeText(2000).optional();

const greatBookQuery = periodQuery.extend({
  accounts: accountsText,
  /** Keyset cursor: the `next` of the previous page (deep pages); page is then ignored. */
  after: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

export const searchBody = z.object({
  exercise: z.number().int().positive().max(2_147_483_647).optional(),
  dateStart: isoDateText.optional(),
  dateEnd: isoDateText.optional(),
  accounts: z.array(safeText(40)).max(200).optional(),
  journals: z.array(safeText(40)).max(100).optional(),
  /** Text searched in the label, the piece reference and the account labels (case and accents ignored). */
  q: safeText(200).optional(),
  /** Amount range on the line's debit or credit, in euros. */
  amountMin: z.number().min(0).max(1e12).optional(),
  amountMax: z.number().min(0).max(1e12).optional(),
  after: z.string().max(200).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(500).default(100),
});
export type SearchBody = z.input<typeof searchBody>;

/** The accounting search state (ACC-2): selected period, account selection, required-details entries. */
export const searchState = z.object({
  period: z
    .object({
      exercise: z.number().int().nullable(),
      dateStart: isoDateText.nullable(),
      dateEnd: isoDateText.nullable(),
    })
    .nullable(),
  accounts: z.array(safeText(40)).max(200),
  requiredDetails: z.array(z.number().int()).max(200),
});
export type SearchState = z.output<typeof searchState>;

export const REQUIRED_DETAIL_STATUSES = ['open', 'answered', 'closed'] as const;
export type RequiredDetailStatus = (typeof REQUIRED_DETAIL_STATUSES)[number];
export const REQUIRED_DETAIL_KINDS = ['document', 'explanation'] as const;
export type RequiredDetailKind = (typeof REQUIRED_DETAIL_KINDS)[number];

export const requiredDetailAnswer = z.object({
  id: z.number().int(),
  text: z.string(),
  files: z.array(z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), link: z.string() })),
  answeredBy: z.object({ id: z.number().int(), firstName: z.string(), name: z.string() }),
  answeredAt: z.string(),
});

/** A firm's information request on an entry (« demande d’information »). */
export const requiredDetail = z.object({
  id: z.number().int(),
  status: z.enum(REQUIRED_DETAIL_STATUSES),
  /** « Ouverte », « Répondue », « Clôturée ». */
  statusLabel: z.string(),
  kind: z.enum(REQUIRED_DETAIL_KINDS),
  question: z.string(),
  entry: z.object({
    date: isoDateText,
    journal: z.string(),
    entryNumber: z.string(),
    piece: z.string(),
    label: z.string(),
    account: z.string().nullable(),
    amount: money,
  }),
  askedBy: z.object({ id: z.number().int(), firstName: z.string(), name: z.string() }),
  askedAt: z.string(),
  answers: z.array(requiredDetailAnswer),
  closedAt: z.string().nullable(),
});
export type RequiredDetail = z.output<typeof requiredDetail>;

const monthFigure = z.object({ month: z.string(), amount: money, previous: money.nullable() });
const exerciseRef = z.object({ id: z.number().int(), dateStart: isoDateText, dateEnd: isoDateText });
const dashboardQuery = z.object({
  /** The exercise shown; the latest one when absent. */
  exercise: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
/** A monthly figure of an exercise against the previous exercise's same month (null when none). */
const monthlyDashboard = z.object({
  exercise: exerciseRef.nullable(),
  previousExercise: exerciseRef.nullable(),
  months: z.array(monthFigure),
  total: money,
  previousTotal: money.nullable(),
  /** The figure by account (largest first). */
  byAccount: z.array(z.object({ account: z.string(), label: z.string(), amount: money })),
});
export type MonthlyDashboard = z.output<typeof monthlyDashboard>;

// ——— Import (firm) ———

export const importFec = endpoint({
  method: 'post',
  path: '/my-accounting/imports',
  tag,
  multipart: true,
  // A firm's action on a large file, checked as it arrives: never queued offline.
  offline: 'online-only',
  summary:
    'Import d’un FEC par le cabinet (multipart : partie « file ») ; remplace l’exercice qu’il couvre, ou refuse le fichier avec un rapport',
  responses: { 201: fecImport },
  errors: {
    400: 'Requête invalide',
    403: 'Réservé au cabinet',
    413: 'Fichier trop volumineux',
    422: 'FEC refusé : rapport des anomalies (fecRefusal)',
  },
});

export const imports = endpoint({
  method: 'get',
  path: '/my-accounting/imports',
  tag,
  summary: 'Historique des imports de FEC de la société (le plus récent d’abord)',
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  responses: { 200: page(fecImport) },
});

// ——— Consultation (ACC-3) ———

export const periods = endpoint({
  method: 'get',
  path: '/my-accounting/periods',
  tag,
  summary: 'Exercices comptables de la société (le plus récent d’abord)',
  responses: { 200: z.array(exercise) },
});

export const greatBook = endpoint({
  method: 'get',
  path: '/my-accounting/great-book',
  tag,
  summary: 'Grand livre : lignes par compte puis par date, avec le solde progressif ; pages par curseur',
  query: greatBookQuery,
  responses: {
    200: cursorPage(greatBookLine).extend({
      exercise: exerciseRef.nullable(),
      dateStart: isoDateText.nullable(),
      dateEnd: isoDateText.nullable(),
      /** The selected accounts' totals (all of them, not only this page's). */
      accounts: z.array(accountTotals),
    }),
  },
  errors: { 404: 'Exercice introuvable', 422: 'Période ou curseur invalide' },
});

export const greatBookExport = endpoint({
  method: 'get',
  path: '/my-accounting/great-book/export',
  tag,
  summary: 'Grand livre d’une sélection en CSV (séparateur « ; », virgule décimale, UTF-8 avec BOM)',
  query: periodQuery.extend({ accounts: accountsText, format: z.enum(['csv']).default('csv') }),
  responses: { 200: file('text/csv') },
  errors: { 404: 'Exercice introuvable', 413: 'Sélection trop grande', 422: 'Période invalide' },
});

export const journals = endpoint({
  method: 'get',
  path: '/my-accounting/journals',
  tag,
  summary: 'Journaux de l’exercice avec leurs totaux',
  query: periodQuery,
  responses: {
    200: z.array(
      z.object({ code: z.string(), label: z.string(), lines: z.number().int(), debit: money, credit: money }),
    ),
  },
  errors: { 404: 'Exercice introuvable' },
});

export const entries = endpoint({
  method: 'put',
  path: '/my-accounting/entries',
  tag,
  // A search: it reads, so it needs the server now.
  offline: 'online-only',
  summary: 'Recherche d’écritures : période, comptes, journaux, texte, montants ; pages par curseur',
  body: searchBody,
  responses: {
    200: cursorPage(ledgerLine).extend({
      /** True when more lines match than were counted (1 000): `total` is then a lower bound. */
      totalIsLowerBound: z.boolean().optional(),
    }),
  },
  errors: { 404: 'Exercice introuvable', 422: 'Période, montants ou curseur invalides' },
});

export const getSearchState = endpoint({
  method: 'get',
  path: '/my-accounting',
  tag,
  summary: 'État de recherche enregistré de l’utilisateur dans la société',
  responses: { 200: searchState },
});

export const saveSearchState = endpoint({
  method: 'put',
  path: '/my-accounting',
  tag,
  offline: 'queue',
  summary: 'Enregistre l’état de recherche (période, comptes sélectionnés, demandes d’information)',
  body: searchState,
  responses: { 200: searchState },
});

// ——— Dashboards ———

export const dashboardAccounts = endpoint({
  method: 'get',
  path: '/my-accounting/dashboard/accounts',
  tag,
  summary: 'Balance des comptes de l’exercice, créances clients (411) et dettes fournisseurs (401)',
  query: dashboardQuery,
  responses: {
    200: z.object({
      exercise: exerciseRef.nullable(),
      accounts: z.array(accountTotals),
      receivables: money,
      payables: money,
    }),
  },
  errors: { 404: 'Exercice introuvable' },
});

export const dashboardResultLast = endpoint({
  method: 'get',
  path: '/my-accounting/dashboard/result/last',
  tag,
  summary: 'Résultat de l’exercice (produits − charges) et celui de l’exercice précédent',
  query: dashboardQuery,
  responses: {
    200: z.object({
      exercise: exerciseRef.nullable(),
      revenue: money,
      expenses: money,
      result: money,
      previous: z.object({ exercise: exerciseRef, revenue: money, expenses: money, result: money }).nullable(),
    }),
  },
  errors: { 404: 'Exercice introuvable' },
});

export const dashboardIncomes = endpoint({
  method: 'get',
  path: '/my-accounting/dashboard/incomes',
  tag,
  summary: 'Produits (classe 7) par mois, face à l’exercice précédent',
  query: dashboardQuery,
  responses: { 200: monthlyDashboard },
  errors: { 404: 'Exercice introuvable' },
});

export const dashboardExpenses = endpoint({
  method: 'get',
  path: '/my-accounting/dashboard/expenses',
  tag,
  summary: 'Charges (classe 6) par mois, face à l’exercice précédent',
  query: dashboardQuery,
  responses: { 200: monthlyDashboard },
  errors: { 404: 'Exercice introuvable' },
});

export const dashboardTreasury = endpoint({
  method: 'get',
  path: '/my-accounting/dashboard/treasury',
  tag,
  summary: 'Trésorerie (512, 53) en fin de mois, face à l’exercice précédent',
  query: dashboardQuery,
  responses: { 200: monthlyDashboard },
  errors: { 404: 'Exercice introuvable' },
});

export const dashboardTreasuryAccounts = endpoint({
  method: 'get',
  path: '/my-accounting/dashboard/treasury-accounts/index',
  tag,
  summary: 'Comptes de trésorerie (512, 53) et leur solde en fin d’exercice',
  query: dashboardQuery,
  responses: {
    200: z.object({
      exercise: exerciseRef.nullable(),
      accounts: z.array(z.object({ account: z.string(), label: z.string(), balance: money })),
      total: money,
    }),
  },
  errors: { 404: 'Exercice introuvable' },
});

// ——— Information requests ———

export const requiredDetails = endpoint({
  method: 'get',
  path: '/my-accounting/required-details',
  tag,
  summary:
    'Demandes d’information du cabinet sur des écritures (notification=<id> : la demande qu’ouvre une notification de type 2)',
  query: z.object({
    status: z.enum(REQUIRED_DETAIL_STATUSES).optional(),
    notification: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  responses: { 200: page(requiredDetail) },
});

export const requiredDetailById = endpoint({
  method: 'get',
  path: '/my-accounting/required-details/:id',
  tag,
  summary: 'Une demande d’information, avec ses réponses',
  responses: { 200: requiredDetail },
  errors: { 404: 'Demande introuvable' },
});

export const createRequiredDetail = endpoint({
  method: 'post',
  path: '/my-accounting/required-details',
  tag,
  offline: 'online-only',
  summary:
    'Le cabinet demande un justificatif ou une explication sur une ligne d’écriture ; notifie la société (type 2)',
  body: z.object({
    /** The ledger line (ledgerLine.id) the request is about. */
    lineId: id,
    kind: z.enum(REQUIRED_DETAIL_KINDS),
    question: safeText(2000).refine((s) => s.trim().length > 0, 'La question est obligatoire.'),
  }),
  responses: { 201: requiredDetail },
  errors: { 403: 'Réservé au cabinet', 404: 'Ligne introuvable' },
});

export const answerRequiredDetail = endpoint({
  method: 'post',
  path: '/my-accounting/required-details/:id/answers',
  tag,
  multipart: true,
  // The outbox keeps the text and files until the server has them (Idempotency-Key: replay-safe).
  offline: 'queue',
  summary:
    'Réponse de la société : champ « text » et parties « file » (justificatifs) ; la demande passe à « Répondue »',
  responses: { 201: requiredDetail },
  errors: {
    400: 'Requête invalide',
    403: 'Droit insuffisant',
    404: 'Demande introuvable',
    409: 'Demande clôturée',
    413: 'Fichier trop volumineux',
    415: 'Type refusé',
    422: 'Réponse vide',
  },
});

export const closeRequiredDetail = endpoint({
  method: 'put',
  path: '/my-accounting/required-details/:id/close',
  tag,
  offline: 'queue',
  summary: 'Le cabinet clôture une demande d’information',
  body: z.object({ closed: z.literal(true) }),
  responses: { 200: requiredDetail },
  errors: { 403: 'Réservé au cabinet', 404: 'Demande introuvable' },
});

export const requiredDetailFile = endpoint({
  method: 'get',
  path: '/my-accounting/required-details/:id/files/:fileId',
  tag,
  summary: 'Un justificatif joint à une réponse',
  responses: { 200: file('') },
  errors: { 404: 'Fichier introuvable' },
});
