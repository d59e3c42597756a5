// POST /api/customers, PUT/DELETE /api/customers/:accountNumber through the outbox (online or
// offline); the cached list follows at once, then a refresh brings the server's copy.
import { api } from '../../../contract/index';
import { customersData } from '../../../data/datasets';
import { refreshTable } from '../../../data/sync/tables';
import { deleteLocalRow, putLocalRow, screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { newTempId, submitMutation } from '../../../data/outbox';
import { isTempId } from '../../../data/temp-ids';
import type { Customer } from '../../../domain/types';
import { queued } from '../../../data/api-call';
import { customerName, type CustomerRow } from '../customer-model';

/**
 * body: cleaned (customerBody). Without an account number the server assigns one; until it has
 * answered, the customer is known on this device by a temporary reference ('tmp-…'): the quotes
 * and invoices drafted for it name that reference, and the outbox rewrites it into the real
 * number before sending them (idField), or keeps them waiting while the creation has not succeeded.
 */
export async function createCustomer(companyId: number, body: Customer): Promise<ScreenOutcome<CustomerRow>> {
  const tmp = body.accountNumber ? null : newTempId();
  const key = body.accountNumber || (tmp as string);
  const outcome = await screenOutcome(
    await submitMutation<CustomerRow>({
      ...queued(api.catalogue.createCustomer, { body }),
      companyId,
      docKey: `customer:${key}`,
      kind: 'customer.create',
      label: `Création du client ${customerName(body)}`,
      ...(tmp ? { createsTempId: tmp, idField: 'accountNumber' } : {}),
    }),
  );
  if (outcome.status === 'done') {
    await putLocalRow('customers', companyId, outcome.response.accountNumber, outcome.response);
    void refreshTable(customersData, companyId);
  } else if (outcome.status === 'queued') {
    await putLocalRow('customers', companyId, key, { ...body, accountNumber: key });
  }
  return outcome;
}

/** A customer still known by its temporary reference keeps it (the outbox turns it into the server's number). */
const keepReference = (current: string, body: Customer): Customer =>
  isTempId(current) && !body.accountNumber ? { ...body, accountNumber: current } : body;

/** current: the account number the customer is known by now; body may renumber it. */
export async function updateCustomer(
  companyId: number,
  current: string,
  typed: Customer,
): Promise<ScreenOutcome<CustomerRow>> {
  const body = keepReference(current, typed);
  const outcome = await screenOutcome(
    await submitMutation<CustomerRow>({
      ...queued(api.catalogue.updateCustomer, { params: { accountNumber: current }, body }),
      companyId,
      docKey: `customer:${current}`,
      kind: 'customer.update',
      label: `Modification du client ${customerName(body)}`,
    }),
  );
  if (outcome.status === 'done') {
    await putLocalRow('customers', companyId, outcome.response.accountNumber, outcome.response, current);
    void refreshTable(customersData, companyId);
  } else if (outcome.status === 'queued') {
    await putLocalRow('customers', companyId, body.accountNumber, body, current);
  }
  return outcome;
}

export async function deleteCustomer(companyId: number, customer: CustomerRow): Promise<ScreenOutcome<null>> {
  const outcome = await screenOutcome(
    await submitMutation<null>({
      ...queued(api.catalogue.deleteCustomer, { params: { accountNumber: customer.accountNumber } }),
      companyId,
      docKey: `customer:${customer.accountNumber}`,
      kind: 'customer.delete',
      label: `Suppression du client ${customerName(customer)}`,
    }),
  );
  const gone = outcome.status !== 'failed' || outcome.httpStatus === 404;
  if (gone) await deleteLocalRow('customers', companyId, customer.accountNumber);
  if (outcome.status === 'done' || (outcome.status === 'failed' && outcome.httpStatus === 404))
    void refreshTable(customersData, companyId);
  return outcome;
}

/**
 * PUT /api/customers/:accountNumber/archive { archived } (decision 046) through the outbox: an
 * archived customer is no longer offered in the invoices and quotes, and keeps its validated
 * invoices. The device's copy follows at once.
 */
export async function archiveCustomer(
  companyId: number,
  customer: CustomerRow,
  archived: boolean,
): Promise<ScreenOutcome<CustomerRow>> {
  const outcome = await screenOutcome(
    await submitMutation<CustomerRow>({
      ...queued(api.catalogue.archiveCustomer, {
        params: { accountNumber: customer.accountNumber },
        body: { archived },
      }),
      companyId,
      docKey: `customer:${customer.accountNumber}`,
      kind: 'customer.archive',
      label: `${archived ? 'Archivage' : 'Rétablissement'} du client ${customerName(customer)}`,
    }),
  );
  if (outcome.status === 'done') {
    await putLocalRow('customers', companyId, outcome.response.accountNumber, outcome.response);
    void refreshTable(customersData, companyId);
  } else if (outcome.status === 'queued') {
    await putLocalRow('customers', companyId, customer.accountNumber, { ...customer, archived });
  }
  return outcome;
}
