import { z } from 'zod';
import { StartupError } from './startup/startup-error';
import { checkLdapConfig, ldapOptional } from './modules/auth/ldap-config';
import { paymentEnv, paymentSettings, type PaymentSettings } from './modules/my-account/payments/config';
import { checkPayrollSsoConfig } from './modules/payroll/config';
import { configuredClock, type Clock } from './clock/clock';

// Configuration is read and validated once at start; everything else receives a Config.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // PostgreSQL only (decision 036, docs/deploy.md): connections per instance, and how long a statement
  // may run (0: no limit) or a request may wait for a free connection before a 503.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  // The files on an S3-compatible object store instead of DATA_DIR/files (docs/deploy.md).
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, { message: 's3://compartiment[/préfixe]' })
    .optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Workplace <no-reply@workplace.localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Reverse proxies in front of the server (0: none). Only then are X-Forwarded-For and
  // X-Forwarded-Proto believed (client address for throttling, HTTPS for HSTS; decision 008).
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // On SIGTERM/SIGINT: seconds the requests under way get to finish before their connections are cut.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(25),
  // Other origins the app may call (space-separated), added to the CSP's connect-src (decision 008).
  CSP_CONNECT_SRC: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(/\s+/)
          .filter(Boolean)
          .every((o) => /^https?:\/\/[^\s/;,']+$/.test(o)),
      { message: 'liste d’origines https://hôte[:port] séparées par des espaces' },
    ),
  // Cash registers (decision 037): the Ed25519 signing key, a PKCS#8 PEM or the path of one. Unset: a
  // key generated at the first use in DATA_DIR/cash-signing-key.pem (0600). Required in production
  // on PostgreSQL (every instance must sign with the same key).
  CASH_SIGNING_KEY: z.string().optional(),
  // Decision 046, tests only: a folder where every e-invoice the server produces (the CII
  // of each validated invoice and its UBL) is also written, so the test run checks them all with the
  // official validators at its end. Unset in production.
  EINVOICE_ARCHIVE_DIR: z.string().optional(),
  // The instant the server's clock starts at (tests and the calendar lane; refused in production).
  WORKPLACE_NOW: z.string().optional(),
  // Directory sign-in (decision 041). Each field alone here; as a whole by checkLdapConfig() in readConfig.
  LDAP_URL: ldapOptional(
    z.string().regex(/^ldaps?:\/\/[^\s/]+\/?$/i, { message: 'ldap://hôte[:port] ou ldaps://hôte[:port]' }),
  ),
  LDAP_DOMAINS: z.string().default(''),
  LDAP_EXCLUDED: z.string().default(''),
  LDAP_USER_DN_TEMPLATE: ldapOptional(z.string()),
  LDAP_BIND_DN: ldapOptional(z.string()),
  LDAP_BIND_PASSWORD: ldapOptional(z.string()),
  LDAP_SEARCH_BASE: ldapOptional(z.string()),
  LDAP_LOGIN_ATTRIBUTE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, { message: 'nom d’attribut LDAP (mail, uid, userPrincipalName…)' })
    .default('mail'),
  LDAP_STARTTLS: z.enum(['0', '1', 'true', 'false']).default('0'),
  LDAP_CA_FILE: ldapOptional(z.string()),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  LDAP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  // Payroll single sign-on (decision 045): the payroll host's form address and the secret
  // shared with it (HMAC-SHA256). Both or neither (checkPayrollSsoConfig); unset, the entry fails silently.
  PAYROLL_SSO_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, { message: 'adresse http(s)://… du formulaire du service de paie' })
      .optional(),
  ),
  PAYROLL_SSO_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, { message: 'secret partagé de 32 caractères au moins' }).optional(),
  ),
  PAYROLL_SSO_SCOPE: z.string().min(1).default('paie'),
  // Card payment (decision 044): the provider, its key and address (payments/config.ts).
  ...paymentEnv,
  // Decision 088: the approved platform's Flow Service address proposed to every company (…/flow-service),
  // and how often each instance polls the platforms for incoming flows (the webhook's fallback) and
  // looks at its outgoing queue. The local stand-in is refused unless SEED_DEMO is set.
  PA_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, { message: 'adresse http(s)://… du Flow Service de la plateforme agréée' })
      .optional(),
  ),
  PLATFORM_POLL_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  PLATFORM_QUEUE_SECONDS: z.coerce.number().min(0.05).max(3600).default(2),
  // The first retry's wait while the platform is down; each next one twice as long (15 min at most).
  PLATFORM_RETRY_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
  PRODUCT_NAME: z.string().default('Workplace'),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('workplace'),
  SUPPORT_PHONE: z.string().default('01 23 45 67 89'),
  SUPPORT_EMAIL: z.string().default('support@workplace.example'),
  LEGAL_ENTITY_NAME: z.string().default('Workplace SAS'),
  LEGAL_ENTITY_ADDRESS: z.string().default('12 rue de la Paix, 75002 Paris'),
  LEGAL_ENTITY_SIREN: z.string().default('123 456 789'),
  LEGAL_ENTITY_CAPITAL: z.string().default('10 000 €'),
  LEGAL_DIRECTOR: z.string().default('Claire Dubois'),
  LEGAL_HOST: z.string().default('hébergé par le cabinet sur ses propres serveurs, en France'),
  /** Unset: demo data on an empty embedded database, except in production. See seedDemoWanted(). */
  SEED_DEMO: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['1', 'true', 'oui', 'yes', 'auto', '0', 'false', 'non', 'no', 'never']).optional(),
  ),
});

export type Env = z.infer<typeof schema>;

/** The public configuration GET /api/config answers (src/contract/session.ts). */
export type { Branding } from '../../src/contract/users';
import type { Branding } from '../../src/contract/users';

export interface Config {
  env: Env;
  /** 'memory://' in tests, a folder otherwise. */
  pgliteDir: string;
  branding: Branding;
  /**
   * Origin of the links sent by mail: PUBLIC_URL, else (development, tests) the listening address,
   * filled in by startServer once the port is known. Never taken from a request's Host header.
   */
  publicUrl: string | null;
  /** Whether an empty database receives the demo accounts (demo/demo, admin/admin). */
  seedDemo: boolean;
  /** Card payment provider (decision 044); its origin is known once a local provider listens. */
  payment: PaymentSettings;
  /** The server's one clock (decision 076): the machine's time, or WORKPLACE_NOW flowing on. */
  clock: Clock;
}

export function readConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  checkLdapConfig(env); // an incomplete directory configuration stops the start (StartupError)
  checkPayrollSsoConfig(env); // the payroll URL without its secret, or the reverse (StartupError)
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new StartupError(
      'PUBLIC_URL est obligatoire en production (NODE_ENV=production) : c’est l’adresse publique du portail, ' +
        'utilisée dans les liens envoyés par courriel (réinitialisation du mot de passe). Exemple : PUBLIC_URL=https://portail.mon-cabinet.fr',
    );
  }
  return {
    env,
    pgliteDir: env.DATA_DIR === 'memory://' ? 'memory://' : `${env.DATA_DIR.replace(/\/$/, '')}/pglite`,
    branding: brandingOf(env),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    seedDemo: seedDemoWanted(env),
    payment: paymentSettings(env, seedDemoWanted(env)),
    clock: configuredClock(env.NODE_ENV, env.WORKPLACE_NOW),
  };
}

/**
 * Demo accounts have public passwords: never loaded in production unless SEED_DEMO asks for them
 * explicitly (`npm start` does, for trying the portal on a fresh clone).
 */
function seedDemoWanted(env: Env): boolean {
  // Unset: on an empty embedded database outside production (PostgreSQL: `npm run seed:demo`).
  if (env.SEED_DEMO === undefined) return env.NODE_ENV !== 'production' && !env.DATABASE_URL;
  return ['1', 'true', 'oui', 'yes', 'auto'].includes(env.SEED_DEMO);
}

/** The address a local browser uses to reach a server listening on `host`:`port`. */
export function listeningOrigin(host: string, port: number): string {
  const wildcard = ['0.0.0.0', '::', ''].includes(host);
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);

function brandingOf(env: Env): Branding {
  return {
    productName: env.PRODUCT_NAME,
    productSlug: env.PRODUCT_SLUG,
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    legal: {
      name: env.LEGAL_ENTITY_NAME,
      address: env.LEGAL_ENTITY_ADDRESS,
      siren: env.LEGAL_ENTITY_SIREN,
      capital: env.LEGAL_ENTITY_CAPITAL,
      director: env.LEGAL_DIRECTOR,
      host: env.LEGAL_HOST,
    },
    directory: { domains: list(env.LDAP_DOMAINS), excluded: list(env.LDAP_EXCLUDED) },
    payrollSso: Boolean(env.PAYROLL_SSO_URL),
  };
}
