import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { HttpError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { payrollSsoData, payrollSsoSettings } from './service';

/**
 * PAY-1, GET /api/fullls/sso. Gated by view on « Mon compte » (decision 045): the payroll
 * service is part of what the company buys from its firm, like the firm's invoices.
 */
export function payrollModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Paie');

  route(api.payroll.sso, { right: { menu: 'monCompte', permission: 'view' } }, (c) => {
    const settings = payrollSsoSettings(deps.config.env);
    if (!settings) {
      // ERR-13: the user sees nothing; the operator finds why in the logs.
      console.warn('Authentification unique paie demandée mais non configurée (PAYROLL_SSO_URL, PAYROLL_SSO_SECRET).');
      throw new HttpError(503, 'Service de paie non configuré.');
    }
    // The username is the portal's login, the identifier the payroll host knows the user by.
    const data = payrollSsoData(settings, c.get('user').username, deps.now());
    // A signed, short-lived credential: never kept by a cache or the service worker.
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  });

  return app;
}
