// What the « Ajouter un utilisateur » stepper has gathered so far, and what each step requires
// before the next one (decision 040). Pure, so the rules are tested without drawing the screens.
import type { GrantableCompany, NewManagedUser } from '../../contract/admin';
import { findCategory, followsOwnCategories } from '../../domain/document-categories';
import type { AppRight } from '../../domain/rights';
import { clampTo, grantsSomething } from './rights-tree';

export interface Identity {
  name: string;
  firstName: string;
  username: string;
  email: string;
}

export interface Access {
  appRights: AppRight[];
  categories: number[];
  categoriesInbox: number[];
}

export interface Draft {
  identity: Identity;
  companyIds: number[];
  access: Record<number, Access>;
}

export const STEPS = ['Identité', 'Sociétés', 'Droits', 'Catégories', 'Récapitulatif'] as const;

export const emptyDraft = (companyIds: number[] = []): Draft => ({
  identity: { name: '', firstName: '', username: '', email: '' },
  companyIds,
  access: {},
});

/**
 * The categories one may deposit into (the « dépôt » branch of the category tree, DOC-3): the server refuses the others in
 * categoriesInbox (422). The grantable list mixes both kinds, the shared tree tells them apart.
 */
export const depositIds = (company: GrantableCompany) =>
  company.categories.filter((c) => c.deposit && findCategory(c.id)?.scope === 'depot').map((c) => c.id);

/** The categories the manager reads there: the most the user may read. */
export const readIds = (company: GrantableCompany) => company.categories.filter((c) => c.read).map((c) => c.id);

/**
 * A manager who reads only their own categories there (decision 042) hands out « Mes documents »
 * held the same way: the server adds userGedRight, the screens show it ticked and locked.
 */
export const keepsOwnCategories = (company: GrantableCompany) =>
  followsOwnCategories({ appRights: company.appRights }, company.gedUserRight);

export function withOwnCategories(company: GrantableCompany, rights: AppRight[]): AppRight[] {
  if (!keepsOwnCategories(company)) return rights;
  return rights.map((r) =>
    r.label === 'mesDocuments' && !r.permissions.includes('userGedRight')
      ? { ...r, permissions: [...r.permissions, 'userGedRight'] }
      : r,
  );
}

/**
 * A company just chosen starts with no right at all (the manager ticks what to grant: nothing is
 * given by default) and every category open, which the manager narrows if the company restricts.
 */
export const accessOf = (draft: Draft, company: GrantableCompany): Access =>
  draft.access[company.id] ?? {
    appRights: [],
    categories: readIds(company),
    categoriesInbox: depositIds(company),
  };

export type IdentityErrors = Partial<Record<keyof Identity, string>>;

// The contract's rules for a new user (newManagedUser), written out: zod is not loaded in the app
// (decision 031), the server validates with the schema and answers 422 with the same messages.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function identityErrors(identity: Identity): IdentityErrors {
  const errors: IdentityErrors = {};
  const name = identity.name.trim();
  const firstName = identity.firstName.trim();
  const username = identity.username.trim();
  const email = identity.email.trim();
  if (!name) errors.name = 'Le nom est obligatoire.';
  else if (name.length > 100) errors.name = 'Le nom ne doit pas dépasser 100 caractères.';
  if (!firstName) errors.firstName = 'Le prénom est obligatoire.';
  else if (firstName.length > 100) errors.firstName = 'Le prénom ne doit pas dépasser 100 caractères.';
  if (username.length < 3) errors.username = 'L’identifiant doit compter au moins 3 caractères.';
  else if (/\s/.test(username)) errors.username = 'L’identifiant ne doit pas contenir d’espace.';
  else if (username.length > 200) errors.username = 'L’identifiant ne doit pas dépasser 200 caractères.';
  if (!EMAIL.test(email) || email.length > 200) errors.email = 'L’adresse e-mail n’est pas valide.';
  return errors;
}

/** Why the manager cannot go past `step` yet, or null. */
export function stepError(step: number, draft: Draft, companies: readonly GrantableCompany[]): string | null {
  if (step === 0) return Object.keys(identityErrors(draft.identity)).length ? 'Complétez l’identité.' : null;
  if (step === 1) return draft.companyIds.length === 0 ? 'Choisissez au moins une société.' : null;
  if (step === 2) {
    const empty = companies.filter(
      (c) => draft.companyIds.includes(c.id) && !grantsSomething(accessOf(draft, c).appRights),
    );
    return empty.length ? `Accordez au moins un menu dans : ${empty.map((c) => c.label).join(', ')}.` : null;
  }
  return null;
}

/**
 * The body of POST /me/admin/my-users. A company that does not restrict categories per user
 * (gedUserRight off) gets all of them: there the manager has nothing to choose.
 */
export function toNewUser(draft: Draft, companies: readonly GrantableCompany[]): NewManagedUser {
  const chosen = companies.filter((c) => draft.companyIds.includes(c.id));
  return {
    name: draft.identity.name.trim(),
    firstName: draft.identity.firstName.trim(),
    username: draft.identity.username.trim(),
    email: draft.identity.email.trim(),
    companies: chosen.map((c) => {
      const a = accessOf(draft, c);
      const all = c.categories.map((x) => x.id);
      return {
        companyId: c.id,
        appRights: clampTo(a.appRights, c.appRights),
        categories: c.gedUserRight ? a.categories : all,
        categoriesInbox: c.gedUserRight ? a.categoriesInbox : depositIds(c),
      };
    }),
  };
}
