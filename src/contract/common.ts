import { z } from 'zod';

// Building blocks shared by every module's contract (every contract file imports this one first).

// The app's Content-Security-Policy forbids eval (decision 008): zod's JIT would try `new Function`
// (a CSP violation in the browser). Interpreted parsing everywhere; the server's inputs are small.
z.config({ jitless: true });

/** Ids are Postgres `integer`: a larger number is bad input (400), not a failed query (500). */
export const MAX_ID = 2_147_483_647;
export const isIdText = (value: string) => /^\d+$/.test(value) && Number(value) <= MAX_ID;
export const id = z.number().int().positive().max(MAX_ID);

// Postgres text cannot hold U+0000: such input would fail the query (500), so it is refused as
// bad input (400) like any other malformed field.
export const NUL_MESSAGE = 'Le texte contient un caractère nul, non autorisé.';
export const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE);

/** The error body of every 4xx/5xx answer (api-conventions.md). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.output<typeof errorBody>;

/** A plain { message } answer (password reset and the like). */
export const messageBody = z.object({ message: z.string() });

// List convention (api-conventions.md): ?q=&page=&pageSize= → { items, total, page, pageSize }.
export const MAX_PAGE_SIZE = 500;
export const listQuery = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type ListQuery = z.output<typeof listQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
/** A page of a list that also pages by keyset: `next` is the `?after=` of the next page, null on the last. */
export const cursorPage = <T extends z.ZodType>(item: T) => page(item).extend({ next: z.string().nullable() });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Several ids in a body (zips, batches). */
export const idsBody = z.object({ ids: z.array(id).min(1).max(500) });

export const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant as ISO-8601 text. */
export const instant = z.string();
/** Money and rates as JSON numbers. */
export const money = z.number();

/**
 * Decision 089: one event of an invoice's lifecycle trail (« statut de cycle de vie », XP Z12-012),
 * sent or received: its code and French label, when it was set, by whom, its reason, the rules a
 * « Rejetée » names, the amounts an « Encaissée » carries per VAT rate.
 */
export const lifecycleEvent = z.object({
  id: z.number(),
  code: z.string(),
  label: z.string(),
  occurredAt: z.string(),
  /** 'platform' | 'buyer' | 'seller' | 'us' */
  setBy: z.enum(['platform', 'buyer', 'seller', 'us']),
  setByLabel: z.string(),
  reasonCode: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  reasonText: z.string().nullable(),
  failedRules: z.array(z.object({ id: z.string(), text: z.string() })),
  collected: z.array(z.object({ amount: z.number(), vatRate: z.number(), currency: z.string() })),
});
export type LifecycleEventJson = z.output<typeof lifecycleEvent>;
