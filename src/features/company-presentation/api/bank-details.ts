// GET / PUT /api/company/bank-details: the IBAN and BIC printed on invoices paid by transfer.
// The change goes through the outbox like every other; once done the invoicing environment is
// refreshed, so the offline PDF preview prints the new details too.
import { api } from '../../../contract/index';
import type { BankDetails } from '../../../contract/catalogue';
import { environmentData } from '../../../data/datasets';
import { refreshTable } from '../../../data/sync/tables';
import { submitMutation, type MutationResult } from '../../../data/outbox';
import { call, queued } from '../../../data/api-call';

export type { BankDetails } from '../../../contract/catalogue';

export const loadBankDetails = (companyId: number): Promise<BankDetails> =>
  call(api.catalogue.getBankDetails, { companyId });

export async function saveBankDetails(
  companyId: number,
  details: { iban: string; bic: string },
): Promise<MutationResult<BankDetails>> {
  const result = await submitMutation<BankDetails>({
    ...queued(api.catalogue.putBankDetails, { body: details }),
    companyId,
    docKey: `company:${companyId}:bank`,
    kind: 'company.bankDetails',
    label: 'Coordonnées bancaires de la société',
  });
  if (result.status === 'done') void refreshTable(environmentData, companyId).catch(() => undefined);
  return result;
}
