import { ADMIN_OWN, DEMO_COMPANIES } from '../seed/demo-companies-data';
import { DEMO_CUSTOMERS } from '../seed/invoicing-data';
import type { DirectoryEntry } from './types';

// The local platform's directory (decision 087): the demo's companies, each a client of this
// platform (client_id `pa-<SIREN>`), and outside companies served by other platforms: the bakery's
// business customers of the demo seed and a few invented ones (valid Luhn SIRENs). One French
// business is on purpose absent: an invoice to it waits for its address (« adresse inconnue »).

/** The demo accounts' secret: LOCAL_PA_SECRET, or this fixed demo value (the platform runs only with SEED_DEMO). */
export const DEFAULT_LOCAL_PA_SECRET = 'demo-plateforme-locale';

export const clientIdOf = (siren: string) => `pa-${siren}`;

/** A French business that no directory line names (Association Sportive de Lille, a demo customer). */
export const NOT_IN_DIRECTORY = { siren: '339871253', name: 'Association Sportive de Lille' };

/** Invented outside companies, on other platforms. */
const OUTSIDE: DirectoryEntry[] = [
  {
    siren: '412345670',
    siret: '41234567000012',
    name: 'Minoterie du Dauphiné',
    entityType: 'PrivateVatRegistered',
    address: { line1: '4 route de Vienne', postalCode: '38200', locality: 'Vienne', countryCode: 'FR' },
    suffixes: ['412345670_FACTURES'],
  },
  {
    siren: '623456787',
    siret: '62345678700019',
    name: 'Emballages Rhône-Alpes',
    entityType: 'PrivateVatRegistered',
    address: { line1: '12 rue de l’Industrie', postalCode: '69200', locality: 'Vénissieux', countryCode: 'FR' },
    routingCodes: [{ id: 'COMPTA-FOURNISSEURS', name: 'Comptabilité fournisseurs' }],
  },
  {
    siren: '734567894',
    siret: '73456789400011',
    name: 'Laiterie des Monts du Lyonnais',
    entityType: 'PrivateVatRegistered',
    address: { line1: 'Le Bourg', postalCode: '69590', locality: 'Saint-Symphorien-sur-Coise', countryCode: 'FR' },
  },
];

/** The demo's directory; `secret` is each demo account's client secret. */
export function demoDirectory(secret: string): DirectoryEntry[] {
  const portal = [...DEMO_COMPANIES, ADMIN_OWN].map((c): DirectoryEntry => ({
    siren: c.siren!,
    siret: c.siret ?? undefined,
    name: c.label,
    entityType: 'PrivateVatRegistered',
    address: {
      line1: c.address ?? undefined,
      postalCode: c.postalCode ?? undefined,
      locality: c.city ?? undefined,
      countryCode: 'FR',
    },
    account: { clientId: clientIdOf(c.siren!), clientSecret: secret },
  }));
  const customers = DEMO_CUSTOMERS.filter((c) => c.siren && c.siren !== NOT_IN_DIRECTORY.siren).map(
    (c): DirectoryEntry => ({
      siren: c.siren!,
      name: c.socialReason,
      // The demo's college is a public buyer (its invoices go to the State's platform).
      entityType: c.socialReason.startsWith('Collège') ? 'Public' : 'PrivateVatRegistered',
      address: { line1: c.address || undefined, postalCode: c.postalCode, locality: c.city, countryCode: 'FR' },
    }),
  );
  return [...portal, ...customers, ...OUTSIDE];
}
