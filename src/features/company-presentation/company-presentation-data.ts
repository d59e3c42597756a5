// What « Présentation » reads from the server (decision 082: datasets are declared in -data.ts files).
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { loadBankDetails, type BankDetails } from './api/bank-details';

// Kept in memory only (decision 022): an IBAN is not written on a shared shop tablet.
export const bankDetails = defineServerData<NoParams, BankDetails>({
  key: 'bankDetails',
  keep: 'memory',
  fetch: (_, { companyId }) => loadBankDetails(companyId),
});
