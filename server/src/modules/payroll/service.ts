import { createHmac } from 'node:crypto';
import type { SsoData } from '../../../../src/contract/my-account';
import type { PayrollSsoSettings } from './config';

export { payrollSsoSettings, type PayrollSsoSettings } from './config';

/**
 * The token the payroll host recomputes (modules-stack-notes F.1): HMAC-SHA256 of `user|scope|time`
 * with the shared secret, in hex. `time` is in Unix seconds; the host refuses it outside ±120 s.
 */
export function payrollSsoToken(secret: string, user: string, scope: string, time: number): string {
  return createHmac('sha256', secret).update(`${user}|${scope}|${time}`).digest('hex');
}

/** The four signed fields and the form's address; the secret itself never leaves the server. */
export function payrollSsoData(settings: PayrollSsoSettings, user: string, now: Date): SsoData {
  const time = Math.floor(now.getTime() / 1000);
  return {
    user,
    scope: settings.scope,
    time,
    token: payrollSsoToken(settings.secret, user, settings.scope, time),
    action: settings.url,
  };
}
