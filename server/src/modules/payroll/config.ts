import { StartupError } from '../../startup/startup-error';

// Payroll single sign-on (decision 045): the external payroll host's form address, the
// secret shared with it, and the scope it expects. All optional: without them the portal runs and
// GET /api/fullls/sso answers 503. Half a configuration is a mistake caught at start, not at the
// first click of a user.

export interface PayrollSsoSettings {
  /** The form's action: where the browser posts user, scope, time and token. */
  url: string;
  secret: string;
  scope: string;
}

interface PayrollEnv {
  PAYROLL_SSO_URL?: string;
  PAYROLL_SSO_SECRET?: string;
  PAYROLL_SSO_SCOPE: string;
}

/** The settings, or null when the payroll service is not configured. */
export function payrollSsoSettings(env: PayrollEnv): PayrollSsoSettings | null {
  if (!env.PAYROLL_SSO_URL || !env.PAYROLL_SSO_SECRET) return null;
  return { url: env.PAYROLL_SSO_URL, secret: env.PAYROLL_SSO_SECRET, scope: env.PAYROLL_SSO_SCOPE };
}

/** Called by readConfig: one of the two without the other stops the start with a French message. */
export function checkPayrollSsoConfig(env: PayrollEnv): void {
  if (!!env.PAYROLL_SSO_URL === !!env.PAYROLL_SSO_SECRET) return;
  const missing = env.PAYROLL_SSO_URL ? 'PAYROLL_SSO_SECRET' : 'PAYROLL_SSO_URL';
  throw new StartupError(
    `Configuration invalide : ${missing} manque. L’authentification unique vers le service de paie demande ` +
      'PAYROLL_SSO_URL (adresse du formulaire du service) et PAYROLL_SSO_SECRET (secret partagé, 32 caractères ' +
      'au moins) ; laissez les deux vides pour la désactiver.',
  );
}
