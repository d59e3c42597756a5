// GET / PUT /api/company/legal-details (decision 046): the seller's identity every invoice prints.
// Online only (src/contract/company.ts): the server's answer is what the next validation uses.
import { api } from '../../../contract/index';
import type { LegalDetails, LegalDetailsBody } from '../../../contract/company';
import { call } from '../../../data/api-call';

export type { LegalDetails, LegalDetailsBody } from '../../../contract/company';

export const fetchLegalDetails = (companyId: number, signal?: AbortSignal): Promise<LegalDetails> =>
  call(api.company.getLegalDetails, { companyId, options: { signal } });

export const saveLegalDetails = (companyId: number, body: LegalDetailsBody): Promise<LegalDetails> =>
  call(api.company.updateLegalDetails, { companyId, body });
