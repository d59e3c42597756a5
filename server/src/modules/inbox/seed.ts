import { depositBatches, inboxDeposits } from '../../db/schema/index';
import type { SeedContext } from '../../seed/modules';
import { demoCalendar, monthName } from '../../seed/demo-calendar';
import { demoPdf, documentSearchKey, insertDocuments, storageFor, type StoredObject } from '../documents/service';
import { seedFiledDeposits } from './seed-history';

/** Demo inbox deposits and the firm's batches (after the documents: a filed deposit names its document). */
export async function seedDeposits(ctx: SeedContext): Promise<void> {
  const { deps, companies, demoUserId, adminUserId } = ctx;
  const storage = storageFor(deps);
  // Names and dates follow the day the demo is seeded (demo-calendar.ts): this month's statements
  // deposited these last days, last month's one deposited and filed two weeks ago.
  const calendar = demoCalendar(deps.now());
  let slot = 0;
  const at = (daysAgo: number) => calendar.filedAt(daysAgo, slot++);
  const mainId = companies[0].id;
  const filedAt = at(14); // the firm's batch that filed last month's statement
  const [salesDay1, salesDay2] = [calendar.day(8), calendar.day(7)];
  const thisMonth = (daysAgo: number) => monthName(calendar.day(daysAgo));
  const names = {
    releve: `Relevé bancaire - ${thisMonth(2)}.pdf`,
    achats: `Factures fournisseurs - ${thisMonth(3)}.pdf`,
    achatsOther: `Factures fournisseurs - ${thisMonth(5)}.pdf`,
    caisse: `Ventes caisse - ${monthName(salesDay2)}.csv`,
    filed: `Relevé bancaire - ${calendar.periods(16).previousMonth}.pdf`,
  };
  const csv = await storage.put(
    new TextEncoder().encode(
      `date;libellé;montant\n${salesDay1};Ventes comptoir;1 284,50\n${salesDay2};Ventes comptoir;1 102,10\n`,
    ),
  );
  const pdf = (name: string) =>
    demoPdf(name.replace(/\.pdf$/, ''), 'Dépôt de fichiers', []).then((b) => storage.put(b));
  const [releve, achats, achatsOther, caisse, lastMonthStatement] = await Promise.all([
    pdf(names.releve),
    pdf(names.achats),
    pdf(names.achatsOther),
    Promise.resolve(csv),
    pdf(names.filed),
  ]);
  const deposit = (
    companyId: number,
    categoryId: number,
    name: string,
    s: StoredObject,
    mimeType: string,
    daysAgo: number,
    extra: Partial<typeof inboxDeposits.$inferInsert> = {},
  ) => ({
    companyId,
    userId: demoUserId,
    categoryId,
    name,
    mimeType,
    size: s.size,
    sha256: s.sha256,
    searchKey: documentSearchKey(name, categoryId),
    createdAt: at(daysAgo),
    ...extra,
  });

  const [done, queued] = await deps.db
    .insert(depositBatches)
    .values([
      {
        companyId: mainId,
        createdBy: adminUserId,
        status: 'done',
        total: 1,
        processed: 1,
        createdAt: filedAt,
        startedAt: filedAt,
        finishedAt: filedAt,
      },
      { companyId: mainId, createdBy: adminUserId, status: 'queued', total: 1, createdAt: at(1) },
    ])
    .returning();
  // Filed through the documents module, which owns the table (decision 023).
  const filedName = names.filed;
  const [filed] = await insertDocuments(deps.db, [
    {
      companyId: mainId,
      categoryId: 44,
      name: filedName,
      mimeType: 'application/pdf',
      size: lastMonthStatement.size,
      sha256: lastMonthStatement.sha256,
      searchKey: documentSearchKey(filedName, 44),
      depositedBy: demoUserId,
      createdAt: filedAt,
    },
  ]);
  await deps.db.insert(inboxDeposits).values([
    deposit(mainId, 44, names.releve, releve, 'application/pdf', 2),
    deposit(mainId, 43, names.achats, achats, 'application/pdf', 3),
    deposit(mainId, 42, names.caisse, caisse, 'text/csv', 4, {
      status: 'queued',
      batchId: queued.id,
    }),
    deposit(mainId, 44, names.filed, lastMonthStatement, 'application/pdf', 16, {
      status: 'done',
      batchId: done.id,
      documentId: filed.id,
      processedAt: filedAt,
    }),
    deposit(companies[1].id, 43, names.achatsOther, achatsOther, 'application/pdf', 5),
    deposit(companies[3].id, 42, names.caisse, caisse, 'text/csv', 6),
  ]);
  await seedFiledDeposits(ctx, new Set(Object.values(names)));
}
