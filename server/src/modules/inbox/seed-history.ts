import { addDays, endOfMonth } from '../../../../src/domain/dates';
import { depositBatches, inboxDeposits } from '../../db/schema/index';
import type { SeedContext } from '../../seed/modules';
import { seededRandom } from '../../seed/random';
import { demoCalendar, monthName, monthStart } from '../../seed/demo-calendar';
import { demoPdf, documentSearchKey, insertDocuments, storageFor, type StoredObject } from '../documents/service';

/**
 * Each month's files a company deposits: its bank statement early the next month, its purchases at
 * the end, and some months (as `often` says) its sales invoices and expense reports.
 */
const MONTHLY: Array<{ categoryId: number; name: (month: string) => string; day: 'next4' | 'last'; often: number }> = [
  { categoryId: 44, name: (m) => `Relevé bancaire - ${m}.pdf`, day: 'next4', often: 1 },
  { categoryId: 43, name: (m) => `Factures fournisseurs - ${m}.pdf`, day: 'last', often: 1 },
  { categoryId: 42, name: (m) => `Factures clients - ${m}.pdf`, day: 'last', often: 0.6 },
  { categoryId: 46, name: (m) => `Notes de frais - ${m}.pdf`, day: 'next4', often: 0.35 },
];
const MONTHS = 12;
type PlannedFile = { categoryId: number; name: string; s: StoredObject; daysAgo: number; depositedAt: Date };
const FILED_AFTER_DAYS = 2;

/**
 * A year of deposits the firm has already filed, for the companies it follows (Garage Dupont & Fils
 * and Café des Arts): its « Mes dépôts » shows them month by month, and each filed file is a document
 * of its company. Deposited by the companies' user (demo), filed by the firm (admin) two days later,
 * one batch a company and month. This month's files are the ones still waiting (seed.ts): a name among
 * `pending` is not filed as well (early in a month, last month's purchases may still be waiting).
 */
export async function seedFiledDeposits(
  { deps, companies, demoUserId, adminUserId }: SeedContext,
  pending: ReadonlySet<string>,
): Promise<void> {
  const followed = [companies[1], companies[3]].filter((c) => c !== undefined);
  const calendar = demoCalendar(deps.now());
  const storage = storageFor(deps);
  const today = calendar.day(0);
  const stored = new Map<string, Promise<StoredObject>>();
  const bytesOf = (name: string) => {
    if (!stored.has(name))
      stored.set(
        name,
        demoPdf(name.replace(/\.pdf$/, ''), 'Dépôt de fichiers', []).then((b) => storage.put(b)),
      );
    return stored.get(name)!;
  };
  let slot = 0;
  let filings = 0;
  const random = followed.map((_, i) => seededRandom(42 + i));
  for (let monthsBefore = MONTHS; monthsBefore >= 1; monthsBefore--) {
    const month = monthName(today, monthsBefore);
    for (const [c, company] of followed.entries()) {
      const files: PlannedFile[] = [];
      for (const f of MONTHLY) {
        if (random[c]!() >= f.often) continue;
        const daysAgo = daysBefore(
          today,
          f.day === 'next4'
            ? addDays(monthStart(today, monthsBefore - 1), 3)
            : endOfMonth(monthStart(today, monthsBefore)),
        );
        // Filed two days after: what is not filed yet by today is left out (the pending ones are seed.ts's).
        if (daysAgo - FILED_AFTER_DAYS < 1) continue;
        const name = f.name(month);
        if (pending.has(name)) continue;
        files.push({
          categoryId: f.categoryId,
          name,
          s: await bytesOf(name),
          daysAgo,
          depositedAt: calendar.filedAt(daysAgo, slot++),
        });
      }
      if (files.length === 0) continue;
      // Filed two days after the last of them, in office hours.
      const filedAt = calendar.filedAt(Math.min(...files.map((f) => f.daysAgo)) - FILED_AFTER_DAYS, filings++);
      const [batch] = await deps.db
        .insert(depositBatches)
        .values({
          companyId: company.id,
          createdBy: adminUserId,
          status: 'done',
          total: files.length,
          processed: files.length,
          createdAt: filedAt,
          startedAt: filedAt,
          finishedAt: filedAt,
        })
        .returning();
      const common = (f: PlannedFile) => ({
        companyId: company.id,
        categoryId: f.categoryId,
        name: f.name,
        mimeType: 'application/pdf',
        size: f.s.size,
        sha256: f.s.sha256,
        searchKey: documentSearchKey(f.name, f.categoryId),
      });
      // Filed through the documents module, which owns the table (decision 023).
      const documents = await insertDocuments(
        deps.db,
        files.map((f) => ({ ...common(f), depositedBy: demoUserId, createdAt: filedAt })),
      );
      await deps.db.insert(inboxDeposits).values(
        files.map((f, i) => ({
          ...common(f),
          userId: demoUserId,
          createdAt: f.depositedAt,
          status: 'done',
          batchId: batch!.id,
          documentId: documents[i]!.id,
          processedAt: filedAt,
        })),
      );
    }
  }
}

const daysBefore = (later: string, earlier: string) =>
  Math.round((Date.parse(later) - Date.parse(earlier)) / 86_400_000);
