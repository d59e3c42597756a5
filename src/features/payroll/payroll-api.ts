import { api } from '../../contract/index';
import type { SsoData } from '../../contract/payroll';
import { call } from '../../data/api-call';

/**
 * GET /api/fullls/sso: the signed fields, valid about two minutes at the payroll host. No retry: a
 * 503 means « not configured » and waiting would only keep the empty tab open longer.
 */
export function fetchPayrollSso(): Promise<SsoData> {
  return call(api.payroll.sso, { options: { retry: 0, timeout: 15_000 } });
}
