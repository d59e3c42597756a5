import type { LegalDetails, LegalDetailsBody } from '../../../../src/contract/company';
import { missingLegalDetails, normalizeLegalIdentifiers } from '../../../../src/domain/legal-details';
import type { DbOrTx } from '../../db/client';
// The companies table is the users module's (decision 023): read and written through its service.
import { findCompany, setCompanyLegalDetails, type CompanyRow } from '../users/service';

// Decision 046: the company's legal details, the seller every invoice prints and every e-invoice
// carries. Saved as given (what is missing only blocks validation); validated invoices keep the
// seller snapshot frozen at their validation, so a change never alters an issued invoice.

/** The stored columns a PUT sets, identifiers compact. */
export type LegalDetailsColumns = Omit<LegalDetails, 'missing'>;

export function legalDetailsOf(row: CompanyRow): LegalDetails {
  const details: LegalDetailsColumns = {
    label: row.label,
    legalForm: row.legalForm,
    shareCapital: row.shareCapital,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    siren: row.siren,
    siret: row.siret,
    rcs: row.rcs,
    vatNumber: row.vatNumber,
    email: row.email,
    phone: row.phone,
    soleTrader: row.soleTrader,
    latePenaltyRate: row.latePenaltyRate,
    vatOnDebits: row.vatOnDebits,
  };
  return { ...details, missing: missingLegalDetails(details) };
}

export async function readLegalDetails(db: DbOrTx, companyId: number): Promise<LegalDetails> {
  return legalDetailsOf((await findCompany(db, companyId))!);
}

/** The company's record only: no invoice is touched (their seller snapshots stay as validated). */
export async function writeLegalDetails(db: DbOrTx, companyId: number, body: LegalDetailsBody): Promise<LegalDetails> {
  const b = normalizeLegalIdentifiers(body);
  const columns: LegalDetailsColumns = {
    label: b.label.trim(),
    legalForm: b.legalForm,
    shareCapital: b.shareCapital,
    address: b.address,
    postalCode: b.postalCode,
    city: b.city,
    siren: b.siren,
    siret: b.siret,
    rcs: b.rcs,
    vatNumber: b.vatNumber,
    email: b.email,
    phone: b.phone,
    soleTrader: b.soleTrader,
    latePenaltyRate: b.latePenaltyRate,
    vatOnDebits: b.vatOnDebits,
  };
  await setCompanyLegalDetails(db, companyId, columns);
  return readLegalDetails(db, companyId);
}
