import { assertRight } from '../../http/auth-middleware';
import { createModule } from '../../http/route';
import { recordIdempotentResponse } from '../../http/idempotency';
import type { Deps } from '../../http/types';
import { accountParam, customerBody, customerFromBody } from './customer-input';
import { deleteCustomer, findCustomer, insertCustomer, listCustomers, updateCustomer } from './customers-service';
import { listQuery } from './paging';
import { mayReadCustomers } from './read-rights';

const MENU = 'mesFactures';
const CHILD = 'gestionClients';

/** Customers of the current company, addressed by their account number (spec 7.2). */
export function customersRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Clients');

  route('get', '/customers', {
    summary: 'Clients de la société (recherche : numéro de compte, raison sociale, nom, ville, e-mail)',
    query: listQuery,
    right: { menu: MENU, child: CHILD, permission: 'view' },
  }, async (c, { query }) => c.json(await listCustomers(deps.db, c.get('company').id, query)));

  // The customer sheet and the invoice and quote editors read one customer: gestionClients view,
  // or the right to write invoices or quotes (the same users the environment lists customers to).
  route('get', '/customers/:accountNumber', {
    summary: 'Un client par son numéro de compte (gestion des clients, ou rédaction de factures ou de devis)',
    right: { menu: MENU, permission: 'view' },
    responses: { 200: 'Client', 403: 'Droits insuffisants', 404: 'Client introuvable.' },
  }, async (c) => {
    const { id, rights } = c.get('company');
    assertRight(mayReadCustomers(rights));
    return c.json(await findCustomer(deps.db, id, accountParam(c)));
  });

  route('post', '/customers', {
    summary: 'Crée un client (numéro de compte C00001… généré s’il est absent)',
    body: customerBody,
    right: { menu: MENU, child: CHILD, permission: 'create' },
    responses: { 201: 'Client créé', 409: 'Un client avec ce numéro de compte existe déjà.', 422: 'Règles du client non respectées' },
  }, async (c, { body }) => {
    // A blank or absent account number is generated (insertCustomer).
    const customer = customerFromBody(body, body.accountNumber?.trim() || null);
    const companyId = c.get('company').id;
    const saved = await deps.db.transaction(async (tx) => {
      const row = await insertCustomer(tx, companyId, customer);
      await recordIdempotentResponse(tx, c, 201, row);
      return row;
    });
    return c.json(saved, 201);
  });

  route('put', '/customers/:accountNumber', {
    summary: 'Modifie un client (accountNumber dans le corps : renumérotation)',
    body: customerBody,
    right: { menu: MENU, child: CHILD, permission: 'edit' },
    responses: { 200: 'Client modifié', 404: 'Client introuvable.', 409: 'Un client avec ce numéro de compte existe déjà.', 422: 'Règles du client non respectées' },
  }, async (c, { body }) => {
    const current = accountParam(c);
    const customer = customerFromBody(body, body.accountNumber ?? current);
    return c.json(await updateCustomer(deps.db, c.get('company').id, current, customer));
  });

  route('delete', '/customers/:accountNumber', {
    summary: 'Supprime un client',
    right: { menu: MENU, child: CHILD, permission: 'delete' },
    responses: { 204: 'Client supprimé', 404: 'Client introuvable.' },
  }, async (c) => {
    await deleteCustomer(deps.db, c.get('company').id, accountParam(c));
    return c.body(null, 204);
  });

  return app;
}
