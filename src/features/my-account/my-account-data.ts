// The reads of « Mon compte » through the sync layer (decision 022). The invoices and the
// statements consulted are kept on the device (keep: 'device'): a client reads what they owe their
// firm offline, with the copy's age. A payment's state is kept in memory: it is only meaningful
// live, on the return page.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { fetchInvoices, fetchPayment, fetchStatement, type Period } from './api/my-account-api';

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
