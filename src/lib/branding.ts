import type { Branding } from '../contract/users';
export type { Branding } from '../contract/users';

const KEY = 'workplace.branding';
export const DEFAULT_BRANDING: Branding = {
  productName: 'Workplace',
  productSlug: 'workplace',
  supportPhone: '01 23 45 67 89',
  supportEmail: 'support@workplace.example',
  legal: {
    name: 'Workplace SAS',
    address: '12 rue de la Paix, 75002 Paris',
    siren: '123 456 789',
    capital: '10 000 €',
    director: 'Claire Dubois',
    host: 'hébergé par le cabinet sur ses propres serveurs, en France',
  },
  directory: { domains: [], excluded: [] },
  payrollSso: false,
};

let current: Branding = readCached() ?? DEFAULT_BRANDING;

function readCached(): Branding | null {
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null;
    return raw ? (JSON.parse(raw) as Branding) : null;
  } catch {
    return null;
  }
}

export const getBranding = () => current;

/** Branding is server configuration; cached so legal pages and titles work offline. */
export async function loadBranding(): Promise<Branding> {
  try {
    // Plain fetch (decision 014): /login loads this, and not the HTTP client.
    const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
    if (!response.ok) return current;
    current = (await response.json()) as Branding;
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* offline: keep the cached or default branding */
  }
  return current;
}

/** AUTH-2: a login name containing a directory domain (and not excluded) uses the directory endpoint. */
export function usesDirectoryLogin(username: string, branding: Branding = current): boolean {
  const name = username.trim().toLowerCase();
  if (branding.directory.excluded.includes(name)) return false;
  return branding.directory.domains.some((d) => name.includes(d));
}
