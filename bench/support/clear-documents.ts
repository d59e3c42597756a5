import { sql } from 'drizzle-orm';
import type { TestServer } from '../../tests/support/test-server';

/**
 * The demo quotes and invoices of a company make way for a bench's bulk series (numbers stay
 * unique). Validated invoices are kept 10 years: the retention triggers (decision 046) refuse this
 * delete, so the bench lifts them for its own setup only, in one transaction, and clears what hangs
 * on the invoices by hand (the triggers' replica mode skips the cascades too).
 */
export async function clearCompanyDocuments(server: TestServer, companyId: number): Promise<void> {
  await server.deps.db.execute(sql`delete from estimates where company_id = ${companyId}`);
  await server.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const mine = sql`(select id from invoices where company_id = ${companyId})`;
    for (const table of ['invoice_pdfs', 'invoice_payments', 'invoice_events'])
      await tx.execute(sql`delete from ${sql.identifier(table)} where invoice_id in ${mine}`);
    await tx.execute(sql`delete from invoices where company_id = ${companyId}`);
  });
  await server.deps.db.execute(sql`delete from document_counters where company_id = ${companyId}`);
}
