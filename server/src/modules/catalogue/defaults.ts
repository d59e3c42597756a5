import type { DbOrTx } from '../../db/client';
import {
  civilities,
  exercises,
  ledgers,
  meansOfPayment,
  salesAccounts,
  units,
  vatClauses,
  vatRates,
} from '../../db/schema/index';

// The French invoicing environment every company starts with (french-rules.md, CGI).
export const FRENCH_DEFAULTS = {
  vatRates: [
    { rate: '20', label: 'Taux normal 20 %' },
    { rate: '10', label: 'Taux intermédiaire 10 %' },
    { rate: '5.5', label: 'Taux réduit 5,5 %' },
    { rate: '2.1', label: 'Taux particulier 2,1 %' },
    { rate: '0', label: 'Exonéré 0 %' },
  ],
  units: ['unité', 'heure', 'jour', 'forfait', 'kg', 'm', 'm²', 'm³', 'litre', 'lot'],
  meansOfPayment: ['Virement', 'Chèque', 'Carte bancaire', 'Espèces', 'Prélèvement'],
  vatClauses: [
    'TVA non applicable, art. 293 B du CGI',
    'Autoliquidation',
    'Exonération de TVA, article 262 ter I du CGI',
    'Exonération de TVA, article 261 du CGI',
  ],
  salesAccounts: [
    { number: '706000', label: 'Prestations de services' },
    { number: '707000', label: 'Ventes de marchandises' },
    { number: '708500', label: 'Ports et frais accessoires' },
  ],
  civilities: ['M.', 'Mme', 'Société'],
  salesLedger: { code: 'VE', label: 'Journal des ventes' },
};

/** The calendar-year exercise containing a 'YYYY-MM-DD' day. */
export function calendarExercise(day: string, yearsBack = 0) {
  const year = Number(day.slice(0, 4)) - yearsBack;
  return { dateStart: `${year}-01-01`, dateEnd: `${year}-12-31` };
}

/**
 * Inserts the defaults for many companies at once (one statement per table, so the demo seed
 * stays fast). Existing rows are kept: a company that already has a value is left alone.
 */
export async function insertInvoicingDefaults(
  db: DbOrTx,
  companyIds: number[],
  today: string,
  opts: { previousExercise?: boolean } = {},
) {
  if (!companyIds.length) return;
  const each = <T>(make: (companyId: number) => T[]) => companyIds.flatMap(make);
  const labels = (list: string[]) => each((companyId) => list.map((label) => ({ companyId, label })));
  const d = FRENCH_DEFAULTS;
  await db
    .insert(vatRates)
    .values(each((companyId) => d.vatRates.map((v) => ({ companyId, ...v }))))
    .onConflictDoNothing();
  await db.insert(units).values(labels(d.units)).onConflictDoNothing();
  await db.insert(meansOfPayment).values(labels(d.meansOfPayment)).onConflictDoNothing();
  await db.insert(vatClauses).values(labels(d.vatClauses)).onConflictDoNothing();
  await db.insert(civilities).values(labels(d.civilities)).onConflictDoNothing();
  await db
    .insert(salesAccounts)
    .values(each((companyId) => d.salesAccounts.map((a) => ({ companyId, ...a }))))
    .onConflictDoNothing();
  await db
    .insert(ledgers)
    .values(each((companyId) => [{ companyId, ...d.salesLedger }]))
    .onConflictDoNothing();
  const years = opts.previousExercise ? [1, 0] : [0];
  await db
    .insert(exercises)
    .values(each((companyId) => years.map((back) => ({ companyId, ...calendarExercise(today, back) }))))
    .onConflictDoNothing();
}
