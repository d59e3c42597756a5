import { readFile } from 'node:fs/promises';
import {
  Client,
  EqualityFilter,
  InappropriateAuthError,
  InsufficientAccessError,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  NoSuchObjectError,
  SizeLimitExceededError,
  UnwillingToPerformError,
} from 'ldapts';
import type { ConnectionOptions } from 'node:tls';
import { isDirectoryLogin, type LdapSettings } from './ldap-config';

// The directory's proof of a password (decision 041), with ldapts 8: one connection, bound as the
// service account to find the user's DN (or the DN built from the template), then bound as the user.
// The password only ever goes into that bind: it is neither stored nor logged.

export const DIRECTORY_NOT_CONFIGURED =
  'La connexion par l’annuaire d’entreprise n’est pas configurée sur ce serveur. Contactez votre cabinet.';
export const DIRECTORY_UNAVAILABLE = 'L’annuaire d’entreprise ne répond pas. Réessayez plus tard.';

/** 'accepted': the directory took the password; 'refused': wrong password, unknown or ambiguous user, login not for the directory. */
export type DirectoryVerdict = 'accepted' | 'refused' | 'unavailable';

/** The directory's own "no" to a user bind; any other failure means it could not really answer. */
const REFUSALS = [
  InvalidCredentialsError, // 49: wrong password, or (OpenLDAP) no such DN
  InappropriateAuthError, // 48
  UnwillingToPerformError, // 53: e.g. an empty password, a locked account
  NoSuchObjectError, // 32
  InvalidDNSyntaxError, // 34: a template filled with an odd login
  InsufficientAccessError, // 50
];
const refusal = (error: unknown) => REFUSALS.some((kind) => error instanceof kind);

/** Whether `password` is `login`'s directory password. Never throws for the directory's sake. */
export async function directoryVerdict(
  settings: LdapSettings,
  login: string,
  password: string,
): Promise<DirectoryVerdict> {
  // Checked before any connection: OpenLDAP refuses an empty password, but Active Directory takes
  // it as an anonymous bind, which would "succeed" for any login.
  if (!password || !isDirectoryLogin(settings, login)) return 'refused';
  let client: Client | null = null;
  let step = 'certificat LDAP_CA_FILE';
  try {
    const tlsOptions = await tlsFor(settings);
    step = 'connexion';
    // TLS options only for ldaps:// (checked against the URL's host): ldapts 8 would otherwise
    // speak TLS at once on an ldap:// port, where StartTLS is expected.
    client = new Client({
      url: settings.url,
      timeout: settings.timeoutMs,
      connectTimeout: settings.connectTimeoutMs,
      tlsOptions: settings.url.toLowerCase().startsWith('ldaps:') ? tlsOptions : undefined,
    });
    if (settings.startTls) {
      step = 'StartTLS';
      // tls.connect over the existing socket would check the certificate against "localhost" unless told the host.
      await client.startTLS({ ...tlsOptions, host: new URL(settings.url).hostname.replace(/^\[|\]$/g, '') });
    }
    step = settings.lookup.kind === 'search' ? 'compte de service et recherche' : 'connexion';
    const dn = await userDn(client, settings, login);
    if (!dn) return 'refused';
    step = 'authentification';
    try {
      await client.bind(dn, password);
      return 'accepted';
    } catch (error) {
      if (refusal(error)) return 'refused';
      throw error;
    }
  } catch (error) {
    // An administrator's clue (no login, no password): the directory is down, the service account
    // is refused, the certificate is not trusted…
    const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
    console.warn(`Annuaire LDAP injoignable (${step}) : ${name} ${message}`.trim());
    return 'unavailable';
  } finally {
    // Always, even after a failed bind: an open socket would keep the process alive (notes C.1).
    await client?.unbind().catch(() => undefined);
  }
}

async function tlsFor(settings: LdapSettings): Promise<ConnectionOptions | undefined> {
  // Read at each sign-in, so a renewed CA file is taken without a restart (checked at start).
  return settings.caFile ? { ca: [await readFile(settings.caFile)] } : undefined;
}

/** The DN to bind as, or null when the directory knows no such user (or more than one). */
async function userDn(client: Client, settings: LdapSettings, login: string): Promise<string | null> {
  const lookup = settings.lookup;
  if (lookup.kind === 'template') {
    const at = login.lastIndexOf('@');
    return lookup.template
      .replaceAll('{login}', escapeDnValue(login))
      .replaceAll('{user}', escapeDnValue(at > 0 ? login.slice(0, at) : login));
  }
  await client.bind(lookup.bindDn, lookup.bindPassword);
  // EqualityFilter escapes the value (`*`, `(`, `)`, `\`, NUL): a login can never widen the search.
  const filter = new EqualityFilter({ attribute: lookup.attribute, value: login }).toString();
  try {
    // '1.1': no attributes, only the DNs. Two at most: one is enough to know the login is ambiguous.
    const { searchEntries } = await client.search(lookup.base, {
      scope: 'sub',
      filter,
      attributes: ['1.1'],
      sizeLimit: 2,
    });
    if (searchEntries.length === 1) return searchEntries[0].dn;
    if (searchEntries.length === 0) return null;
  } catch (error) {
    if (!(error instanceof SizeLimitExceededError)) throw error;
  }
  console.warn(`Annuaire LDAP : plusieurs entrées ont ce ${lookup.attribute}, connexion refusée.`);
  return null;
}

/** RFC 4514: a value placed in a DN, with its special characters escaped. */
export function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/\0/g, '\\00')
    .replace(/^([ #])/, '\\$1')
    .replace(/ $/, '\\ ');
}
