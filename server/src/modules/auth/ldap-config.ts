import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Env } from '../../env';
import { StartupError } from '../../startup/startup-error';

// Directory sign-in configuration (decision 041), read from the LDAP_* variables of env.ts and
// checked as a whole at start: a half-configured directory stops the server with a message naming
// what is missing, instead of answering 503 to every directory user later.

/** An optional variable whose empty value (`LDAP_BIND_DN=` in a unit file) means unset. */
export const ldapOptional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** How the DN to bind as is found: built from a template, or searched with a service account. */
export type LdapLookup =
  | { kind: 'template'; template: string }
  | { kind: 'search'; bindDn: string; bindPassword: string; base: string; attribute: string };

export interface LdapSettings {
  url: string;
  startTls: boolean;
  caFile: string | null;
  timeoutMs: number;
  connectTimeoutMs: number;
  lookup: LdapLookup;
  domains: string[];
  excluded: string[];
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);

const problem = (fr: string, en: string) =>
  new StartupError(
    `Configuration de l’annuaire (LDAP) incomplète : ${fr}\nIncomplete directory (LDAP) configuration: ${en}`,
  );

/** The directory settings, or null when LDAP_URL is unset (the endpoint then answers 503). */
export function ldapSettings(env: Env): LdapSettings | null {
  const domains = list(env.LDAP_DOMAINS);
  if (!env.LDAP_URL) {
    // Anything else given without the URL is a configuration left half done.
    const names = [
      'LDAP_DOMAINS',
      'LDAP_USER_DN_TEMPLATE',
      'LDAP_BIND_DN',
      'LDAP_BIND_PASSWORD',
      'LDAP_SEARCH_BASE',
      'LDAP_CA_FILE',
    ] as const;
    const stray = names.filter((name) => env[name]);
    if (stray.length > 0)
      throw problem(`LDAP_URL manque (${stray.join(', ')} donné).`, `LDAP_URL is missing (${stray.join(', ')} set).`);
    return null;
  }
  if (domains.length === 0)
    throw problem(
      'LDAP_DOMAINS est vide : aucun identifiant ne serait envoyé à l’annuaire (ex. LDAP_DOMAINS=cabinet-durand.fr).',
      'LDAP_DOMAINS is empty: no login would go to the directory (e.g. LDAP_DOMAINS=cabinet-durand.fr).',
    );
  const url = env.LDAP_URL.replace(/\/$/, '');
  const startTls = env.LDAP_STARTTLS === '1' || env.LDAP_STARTTLS === 'true';
  const secure = url.toLowerCase().startsWith('ldaps:');
  if (startTls && secure)
    throw problem(
      'LDAP_STARTTLS=1 avec une adresse ldaps:// (déjà chiffrée) : choisissez l’un ou l’autre.',
      'LDAP_STARTTLS=1 with an ldaps:// URL (already encrypted): choose one.',
    );
  // Passwords cross the network to the directory: in production only encrypted, except to a local
  // relay on the same machine (a TLS tunnel).
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || (isIP(host) !== 0 && /^(127\.|::1$)/.test(host));
  if (env.NODE_ENV === 'production' && !secure && !startTls && !loopback)
    throw problem(
      'en production, utilisez ldaps:// ou LDAP_STARTTLS=1 : les mots de passe ne doivent pas circuler en clair.',
      'in production, use ldaps:// or LDAP_STARTTLS=1: passwords must not travel in clear text.',
    );
  return {
    url,
    startTls,
    caFile: env.LDAP_CA_FILE ?? null,
    timeoutMs: env.LDAP_TIMEOUT_MS,
    connectTimeoutMs: env.LDAP_CONNECT_TIMEOUT_MS,
    lookup: lookupOf(env),
    domains,
    excluded: list(env.LDAP_EXCLUDED),
  };
}

function lookupOf(env: Env): LdapLookup {
  const service = {
    LDAP_BIND_DN: env.LDAP_BIND_DN,
    LDAP_BIND_PASSWORD: env.LDAP_BIND_PASSWORD,
    LDAP_SEARCH_BASE: env.LDAP_SEARCH_BASE,
  };
  if (env.LDAP_USER_DN_TEMPLATE) {
    const template = env.LDAP_USER_DN_TEMPLATE;
    if (!/\{(login|user)\}/.test(template))
      throw problem(
        'LDAP_USER_DN_TEMPLATE doit contenir {login} ou {user} (ex. uid={user},ou=people,dc=cabinet,dc=fr).',
        'LDAP_USER_DN_TEMPLATE must contain {login} or {user} (e.g. uid={user},ou=people,dc=cabinet,dc=fr).',
      );
    const both = Object.keys(service).filter((k) => service[k as keyof typeof service]);
    if (both.length > 0)
      throw problem(
        `LDAP_USER_DN_TEMPLATE et ${both.join(', ')} sont donnés : choisissez le modèle de DN ou la recherche par compte de service.`,
        `LDAP_USER_DN_TEMPLATE and ${both.join(', ')} are set: choose the DN template or the service-account search.`,
      );
    return { kind: 'template', template };
  }
  const missing = Object.keys(service).filter((k) => !service[k as keyof typeof service]);
  if (missing.length > 0)
    throw problem(
      `il manque ${missing.join(', ')} (recherche par compte de service), ou bien LDAP_USER_DN_TEMPLATE.`,
      `${missing.join(', ')} missing (service-account search), or else LDAP_USER_DN_TEMPLATE.`,
    );
  return {
    kind: 'search',
    bindDn: env.LDAP_BIND_DN!,
    bindPassword: env.LDAP_BIND_PASSWORD!,
    base: env.LDAP_SEARCH_BASE!,
    attribute: env.LDAP_LOGIN_ATTRIBUTE,
  };
}

/** At start: the settings as a whole, and a CA file that can be read and holds a certificate. */
export function checkLdapConfig(env: Env): void {
  const settings = ldapSettings(env);
  if (!settings?.caFile) return;
  let pem: string;
  try {
    pem = readFileSync(settings.caFile, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw problem(
      `LDAP_CA_FILE illisible (${settings.caFile} : ${reason}).`,
      `LDAP_CA_FILE unreadable (${settings.caFile}: ${reason}).`,
    );
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw problem(
      `LDAP_CA_FILE ne contient aucun certificat PEM (${settings.caFile}).`,
      `LDAP_CA_FILE holds no PEM certificate (${settings.caFile}).`,
    );
}

/**
 * The server's own check that a login belongs to the directory (the client's routing is no
 * security boundary): an address whose domain, after the last @, is a configured one, and which is
 * not excluded. Stricter than the client's "contains" (AUTH-2): `x@cabinet.fr.autre.com` is refused.
 */
export function isDirectoryLogin(settings: LdapSettings, login: string): boolean {
  const name = login.trim().toLowerCase();
  const at = name.lastIndexOf('@');
  if (at <= 0 || settings.excluded.includes(name)) return false;
  return settings.domains.includes(name.slice(at + 1));
}
