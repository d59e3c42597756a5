import { api } from '../../../../src/contract/index';
import { legalDetailsProblems } from '../../../../src/domain/legal-details';
import { unprocessable } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { readLegalDetails, writeLegalDetails } from './service';

export const LEGAL_DETAILS_TITLE = 'Les mentions légales de la société contiennent des erreurs.';

// Read by whoever sees the invoices, written by whoever may edit them (can() on mesFactures ›
// listeFactures, src/domain/rights.ts).
const right = (permission: 'view' | 'edit') => ({ menu: 'mesFactures', child: 'listeFactures', permission }) as const;

/** Decision 046: GET/PUT /api/company/legal-details (src/contract/company.ts). */
export function companyRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Société');

  route(api.company.getLegalDetails, { right: right('view') }, async (c) =>
    c.json(await readLegalDetails(deps.db, c.get('company').id)),
  );

  route(api.company.updateLegalDetails, { right: right('edit') }, async (c, { body }) => {
    const problems = legalDetailsProblems(body);
    if (problems.length) throw unprocessable(LEGAL_DETAILS_TITLE, problems);
    const companyId = c.get('company').id;
    const saved = await deps.db.transaction(async (tx) => {
      const details = await writeLegalDetails(tx, companyId, body);
      await recordIdempotentResponse(tx, c, 200, details);
      return details;
    });
    return c.json(saved);
  });

  return app;
}
