import { createHmac } from 'node:crypto';
import type { SsoData } from '../../../../src/contract/payroll';
import type { PayrollSsoSettings } from './config';

export { payrollSsoSettings, type PayrollSsoSettings } from './config';

/**
 * The text the token signs: each field as a netstring, `<bytes in UTF-8>:<field>,`, so no field can
 * borrow from the next. Joined with « | », the user « demo|paie » in the scope « x » signed the same
 * text as « demo » in the scope « paie|x » (decision 075).
 */
export function payrollSsoSigned(user: string, scope: string, time: number): string {
  return [user, scope, String(time)].map((f) => `${Buffer.byteLength(f, 'utf8')}:${f},`).join('');
}

/**
 * The token the payroll host recomputes (modules-stack-notes F.1): HMAC-SHA256 of the fields'
 * netstrings (payrollSsoSigned) with the shared secret, in hex. `time` is in Unix seconds; the host
 * refuses it outside ±120 s.
 */
export function payrollSsoToken(secret: string, user: string, scope: string, time: number): string {
  return createHmac('sha256', secret)
    .update(payrollSsoSigned(user, scope, time), 'utf8')
    .digest('hex');
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
