// GET / PUT /api/company/bank-details: the IBAN and BIC printed on invoices paid by transfer.
// The change goes through the outbox like every other; once done the invoicing environment is
// refreshed, so the offline PDF preview prints the new details too.
import { refreshEnvironment } from '../../../data/caches';
import { submitMutation, type MutationResult } from '../../../data/outbox';
import { http } from '../../../lib/http';

export interface BankDetails { iban: string | null; bic: string | null }

export function loadBankDetails(companyId: number): Promise<BankDetails> {
  return http.get('company/bank-details', { headers: { 'x-company-id': String(companyId) } }).json<BankDetails>();
}

export async function saveBankDetails(companyId: number, details: { iban: string; bic: string }): Promise<MutationResult<BankDetails>> {
  const result = await submitMutation<BankDetails>({
    method: 'PUT', path: 'company/bank-details', body: details, companyId, docKey: `company:${companyId}:bank`,
    kind: 'company.bankDetails', label: 'Coordonnées bancaires de la société',
  });
  if (result.status === 'done') void refreshEnvironment(companyId).catch(() => undefined);
  return result;
}
