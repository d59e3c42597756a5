// The read of « Mentions légales de la société » (decision 022). Kept in memory: the screen is
// online only (its save too), and the invoicing environment already keeps on the device what the
// invoices print.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { fetchLegalDetails, type LegalDetails } from './api/legal-details-api';

export const legalDetailsData = defineServerData<NoParams, LegalDetails>({
  key: 'companyLegalDetails',
  keep: 'memory',
  fetch: (_, { companyId, signal }) => fetchLegalDetails(companyId, signal),
});
