import { bankDetailsErrors } from '../../../../src/domain/bank-details';
import { HttpError } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { findCompany, setCompanyBankDetails, type BankDetails } from '../users/service';

// The company's IBAN and BIC (decision 012), printed on its invoices paid by transfer. Read by
// whoever may write invoices; changed by whoever may edit them (the invoicing settings). Stored
// compact; the invoice snapshots the seller at validation, so a later change never alters an
// issued invoice.

export { BANK_DETAILS_TITLE } from '../../../../src/contract/catalogue';
import { BANK_DETAILS_TITLE } from '../../../../src/contract/catalogue';

// The columns are the company's (users module, decision 023).
async function readBankDetails(deps: Deps, companyId: number): Promise<BankDetails> {
  const row = await findCompany(deps.db, companyId);
  return { iban: row?.iban ?? null, bic: row?.bic ?? null };
}

export function bankDetailsRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Facturation');

  route(api.catalogue.getBankDetails, { right: { menu: 'mesFactures', permission: 'view' } }, async (c) =>
    c.json(await readBankDetails(deps, c.get('company').id)),
  );

  route(
    api.catalogue.putBankDetails,
    { right: { menu: 'mesFactures', permission: 'edit' } },
    async (c, { body: input }) => {
      const errors = bankDetailsErrors(input.iban, input.bic);
      if (errors.length)
        throw new HttpError(422, BANK_DETAILS_TITLE, { errors: errors.map((e) => e.message), field: errors[0].field });
      const companyId = c.get('company').id;
      const saved: BankDetails = { iban: input.iban || null, bic: input.bic || null };
      await deps.db.transaction(async (tx) => {
        await setCompanyBankDetails(tx, companyId, saved);
        await recordIdempotentResponse(tx, c, 200, saved);
      });
      return c.json(saved);
    },
  );

  return app;
}
