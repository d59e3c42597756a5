// The reads of « Mon compte » through the sync layer (decision 022). The invoices and the
// statements consulted are kept on the device (keep: 'device'): a client reads what they owe their
// firm offline, with the copy's age. A payment's state is kept in memory: it is only meaningful
// live, on the return page.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import {
  fetchFirmCustomers,
  fetchInvoices,
  fetchLink,
  fetchPayment,
  fetchStatement,
  type Period,
} from './api/my-account-api';

export const firmInvoicesData = defineServerData({
  key: 'myAccountInvoices',
  keep: 'device',
  fetch: (_: NoParams, ctx) => fetchInvoices(ctx),
});

export const statementData = defineServerData({
  key: 'myAccountStatement',
  keep: 'device',
  fetch: (period: Period, ctx) => fetchStatement(period, ctx),
});

export const paymentData = defineServerData({
  key: 'myAccountPayment',
  keep: 'memory',
  fetch: ({ id }: { id: number }, ctx) => fetchPayment(id, ctx),
});

/**
 * The firm's link of a client company (firm staff only). In memory: a firm setting, read live and
 * changed online only.
 */
export const firmLinkData = defineServerData({
  key: 'myAccountFirmLink',
  keep: 'memory',
  fetch: ({ company }: { company: number }, ctx) => fetchLink(company, ctx),
});

/**
 * The customer records of a firm company, to choose the one that represents the client company.
 * Read with the firm company as the scope (useServerData's companyId): another company's list,
 * never written on the device.
 */
export const firmCustomersData = defineServerData({
  key: 'myAccountFirmCustomers',
  keep: 'memory',
  fetch: (_: NoParams, ctx) => fetchFirmCustomers(ctx.companyId),
});
