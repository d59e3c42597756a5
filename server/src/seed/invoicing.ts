import { newArticle, onHtChange, onVatChange } from '../../../src/domain/articles';
import { normalizeCustomer } from '../../../src/domain/customers';
import type { Article } from '../../../src/domain/types';
import { customers, items } from '../db/schema/index';
import { customerValues } from '../modules/catalogue/customer-input';
import { insertInvoicingDefaults } from '../modules/catalogue/defaults';
import { articleValues } from '../modules/catalogue/article-service';
import { CATALOGUES, COMMENT_ARTICLES, DEMO_CUSTOMERS, type Catalogue } from './invoicing-data';
import type { SeedContext } from './modules';
import { demoCalendar } from './demo-calendar';

/** The catalogue of the company's trade (by a word of its name); the consulting one otherwise. */
function catalogueFor(label: string): Catalogue {
  const key = Object.keys(CATALOGUES).find((word) => label.includes(word));
  return CATALOGUES[key ?? 'Conseil'];
}

/** Demo articles built through the same rules as the form (TTC from HT and VAT). */
function demoArticles(label: string): Article[] {
  const { prefix, entries } = catalogueFor(label);
  const standard = entries.map(([designation, text, salesAccount, unit, price, vat], i) =>
    onHtChange(
      onVatChange(
        {
          ...newArticle(),
          code: `${prefix}${String(i + 1).padStart(3, '0')}`,
          designation,
          label: text,
          salesAccount,
          unitMeasurement: { label: unit },
        },
        vat,
      ),
      price,
    ),
  );
  const comments = COMMENT_ARTICLES.map((c): Article => ({ ...newArticle(), ...c, type: 'Commentaire' }));
  return [...standard, ...comments];
}

/**
 * Every company with invoicing: the French defaults, this year's and last year's exercises, the
 * sales ledger, a catalogue of its trade and eight customers. One statement per table.
 */
export async function seedInvoicing({ deps, companies }: SeedContext): Promise<void> {
  const invoicing = companies.filter((c) => c.invoicing);
  const { today, openedAt } = demoCalendar(deps.now());
  await insertInvoicingDefaults(
    deps.db,
    invoicing.map((c) => c.id),
    today,
    { previousExercise: true },
  );
  // Entered when the portal was set up, before the first invoice that names them.
  const dated = { createdAt: openedAt, updatedAt: openedAt };
  await deps.db
    .insert(items)
    .values(invoicing.flatMap((c) => demoArticles(c.label).map((a) => ({ ...articleValues(c.id, a), ...dated }))));
  await deps.db
    .insert(customers)
    .values(
      invoicing.flatMap((c) =>
        DEMO_CUSTOMERS.map((cu) => ({ ...customerValues(c.id, normalizeCustomer(cu)), ...dated })),
      ),
    );
}
