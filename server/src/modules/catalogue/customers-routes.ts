import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { recordIdempotentResponse } from '../../http/idempotency';
import type { Deps } from '../../http/types';
import { accountParam, customerFromBody } from './customer-input';
import {
  archiveCustomer,
  deleteCustomer,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
  type CustomerHasValidatedInvoices,
} from './customers-service';

const MENU = 'mesFactures';
const CHILD = 'gestionClients';

/** Customers of the current company, addressed by their account number (CUS-2). */
export function customersRoutes(deps: Deps, invoices: { customerHasValidatedInvoices: CustomerHasValidatedInvoices }) {
  const { app, route } = createModule(deps, '/api', 'Clients');

  route(
    api.catalogue.listCustomers,
    { right: { menu: MENU, child: CHILD, permission: 'view' } },
    async (c, { query }) => c.json(await listCustomers(deps.db, c.get('company').id, query)),
  );

  // The customer sheet and the invoice and quote editors read one customer: gestionClients view,
  // or the right to write invoices or quotes (the same users the environment lists customers to).
  route(api.catalogue.getCustomer, { right: { menu: MENU, permission: 'view' } }, async (c) => {
    assertRight(can(subjectOf(c), 'readCustomers'));
    return c.json(await findCustomer(deps.db, c.get('company').id, accountParam(c)));
  });

  route(
    api.catalogue.createCustomer,
    { right: { menu: MENU, child: CHILD, permission: 'create' } },
    async (c, { body }) => {
      // A blank or absent account number is generated (insertCustomer).
      const customer = customerFromBody(body, body.accountNumber?.trim() || null);
      const companyId = c.get('company').id;
      const saved = await deps.db.transaction(async (tx) => {
        const row = await insertCustomer(tx, companyId, customer, deps.now());
        await recordIdempotentResponse(tx, c, 201, row);
        return row;
      });
      return c.json(saved, 201);
    },
  );

  route(
    api.catalogue.updateCustomer,
    { right: { menu: MENU, child: CHILD, permission: 'edit' } },
    async (c, { body }) => {
      const current = accountParam(c);
      const customer = customerFromBody(body, body.accountNumber ?? current);
      return c.json(await updateCustomer(deps.db, c.get('company').id, current, customer, deps.now()));
    },
  );

  // Decision 046: archived customers stay listed (archived: true) and synced; the editors hide them.
  route(
    api.catalogue.archiveCustomer,
    { right: { menu: MENU, child: CHILD, permission: 'edit' } },
    async (c, { body }) => {
      const companyId = c.get('company').id;
      const saved = await deps.db.transaction(async (tx) => {
        const row = await archiveCustomer(tx, companyId, accountParam(c), body.archived, deps.now());
        await recordIdempotentResponse(tx, c, 200, row);
        return row;
      });
      return c.json(saved);
    },
  );

  route(api.catalogue.deleteCustomer, { right: { menu: MENU, child: CHILD, permission: 'delete' } }, async (c) => {
    await deleteCustomer(deps.db, c.get('company').id, accountParam(c), invoices.customerHasValidatedInvoices);
    return c.body(null, 204);
  });

  return app;
}
