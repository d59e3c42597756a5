import { and, eq, sql } from 'drizzle-orm';
import { todayInParis } from '../../../../src/domain/dates';
import { ageReceivables } from '../../../../src/domain/receivables';
import { invoices } from '../../db/schema/index';
import { customerColumns, joinCustomer } from '../catalogue/references-service';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { invoiceRight } from './http-helpers';
import { unpaidCondition } from './list-query';

type Route = ReturnType<typeof createModule>['route'];

// The dashboard's ageing of receivables and outstanding per customer (decision 011). Only the
// unpaid invoices are read (partial index invoices_company_unpaid_idx: few rows among years of
// paid ones); the buckets are the rulebook's (src/domain/receivables).
export function ageingRoute(deps: Deps, route: Route) {
  route(api.invoices.ageing, { right: invoiceRight('view') }, async (c) => {
    const companyId = c.get('company').id;
    const today = todayInParis(deps.now());
    const rows = await deps.db
      .select({
        type: invoices.type,
        validated: invoices.validated,
        dueDate: invoices.dueDate,
        ttc: invoices.ttc,
        paid: invoices.amountPaid,
        credited: invoices.amountCredited,
        accountNumber: sql<string>`coalesce(${invoices.customerSnapshot}->>'accountNumber', ${customerColumns.accountNumber}, '')`,
        socialReason: sql<string>`coalesce(${invoices.customerSnapshot}->>'socialReason', ${customerColumns.socialReason}, '')`,
      })
      .from(invoices)
      .leftJoin(...joinCustomer(invoices.customerId))
      .where(and(eq(invoices.companyId, companyId), unpaidCondition));
    const ageing = ageReceivables(
      rows.map((r) => ({ ...r, customer: { accountNumber: r.accountNumber, socialReason: r.socialReason } })),
      today,
    );
    return c.json({ today, ...ageing });
  });
}
