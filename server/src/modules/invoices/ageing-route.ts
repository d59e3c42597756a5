import { todayInParis } from '../../../../src/domain/dates';
import { ageReceivables } from '../../../../src/domain/receivables';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { invoiceRight } from './http-helpers';
import { unpaidReceivables } from './list-query';

type Route = ReturnType<typeof createModule>['route'];

// The dashboard's ageing of receivables and outstanding per customer (decision 011): the unpaid
// invoices (list-query.ts), in the rulebook's buckets (src/domain/receivables).
export function ageingRoute(deps: Deps, route: Route) {
  route(api.invoices.ageing, { right: invoiceRight('view') }, async (c) => {
    const companyId = c.get('company').id;
    const today = todayInParis(deps.now());
    const rows = await unpaidReceivables(deps.db, companyId);
    const ageing = ageReceivables(
      rows.map((r) => ({ ...r, customer: { accountNumber: r.accountNumber, socialReason: r.socialReason } })),
      today,
    );
    return c.json({ today, ...ageing });
  });
}
