import { depositBatches, inboxDeposits } from '../../db/schema/index';
import type { SeedContext } from '../../seed/modules';
import { demoPdf, documentSearchKey, insertDocuments, storageFor, type StoredObject } from '../documents/service';

/** Demo inbox deposits and the firm's batches (after the documents: a filed deposit names its document). */
export async function seedDeposits({ deps, companies, demoUserId, adminUserId }: SeedContext): Promise<void> {
  const storage = storageFor(deps);
  const now = deps.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000 - 3_600_000 * 3);
  const mainId = companies[0].id;
  const csv = await storage.put(
    new TextEncoder().encode(
      'date;libellé;montant\n2026-11-02;Ventes comptoir;1 284,50\n2026-11-03;Ventes comptoir;1 102,10\n',
    ),
  );
  const pdf = (title: string) => demoPdf(title, 'Dépôt de fichiers', []).then((b) => storage.put(b));
  const [releve, achats, caisse, octobre] = await Promise.all([
    pdf('Relevé bancaire - Novembre 2026'),
    pdf('Factures fournisseurs - Novembre 2026'),
    Promise.resolve(csv),
    pdf('Relevé bancaire - Octobre 2026'),
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
        createdAt: at(14),
        startedAt: at(14),
        finishedAt: at(14),
      },
      { companyId: mainId, createdBy: adminUserId, status: 'queued', total: 1, createdAt: at(1) },
    ])
    .returning();
  // Filed through the documents module, which owns the table (decision 023).
  const octobreName = 'Relevé bancaire - Octobre 2026.pdf';
  const [filed] = await insertDocuments(deps.db, [
    {
      companyId: mainId,
      categoryId: 44,
      name: octobreName,
      mimeType: 'application/pdf',
      size: octobre.size,
      sha256: octobre.sha256,
      searchKey: documentSearchKey(octobreName, 44),
      depositedBy: demoUserId,
      createdAt: at(14),
    },
  ]);
  await deps.db.insert(inboxDeposits).values([
    deposit(mainId, 44, 'Relevé bancaire - Novembre 2026.pdf', releve, 'application/pdf', 2),
    deposit(mainId, 43, 'Factures fournisseurs - Novembre 2026.pdf', achats, 'application/pdf', 3),
    deposit(mainId, 42, 'Ventes caisse - Novembre 2026.csv', caisse, 'text/csv', 4, {
      status: 'queued',
      batchId: queued.id,
    }),
    deposit(mainId, 44, 'Relevé bancaire - Octobre 2026.pdf', octobre, 'application/pdf', 16, {
      status: 'done',
      batchId: done.id,
      documentId: filed.id,
      processedAt: at(14),
    }),
    deposit(companies[1].id, 43, 'Factures fournisseurs - Novembre 2026.pdf', achats, 'application/pdf', 5),
    deposit(companies[3].id, 42, 'Ventes caisse - Novembre 2026.csv', caisse, 'text/csv', 6),
  ]);
}
