// @vitest-environment jsdom
// « Gérer mes utilisateurs » (decision 040) in jsdom: the list with its statuses and a server search,
// the stepper from identity to « Créer l’utilisateur » (only the manager's own rights offered, a
// taken login sent back to its field), removing after a French confirmation with the server's
// refusal as a toast, offline without any call, and the rights journal in words. The real server,
// the invitation mail and axe are in tests/e2e/admin.test.ts.
import { createRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../data/sync/engine';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { adminProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { ALL_PERMISSIONS, type AppRight } from '../../domain/rights';
import type { AuditEntry, GrantableCompany, ManagedUser } from './api/admin-api';

const fetchUsers = vi.fn();
const fetchGrantable = vi.fn();
const fetchAudit = vi.fn();
const fetchProfile = vi.fn();
const createUser = vi.fn();
const removeFromCompany = vi.fn();
const setDisabled = vi.fn();
const updateAccess = vi.fn();
vi.mock('./api/admin-api', async (actual) => ({
  ...(await actual<typeof import('./api/admin-api')>()),
  fetchUsers: (...a: unknown[]) => fetchUsers(...a),
  fetchGrantable: (...a: unknown[]) => fetchGrantable(...a),
  fetchAudit: (...a: unknown[]) => fetchAudit(...a),
  fetchProfile: (...a: unknown[]) => fetchProfile(...a),
  createUser: (...a: unknown[]) => createUser(...a),
  removeFromCompany: (...a: unknown[]) => removeFromCompany(...a),
  setDisabled: (...a: unknown[]) => setDisabled(...a),
  updateAccess: (...a: unknown[]) => updateAccess(...a),
}));

const { AdminPage } = await import('./components/admin-page');

const user = (id: number, over: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  username: `user${id}`,
  name: 'Durand',
  firstName: 'Claire',
  email: `user${id}@exemple.fr`,
  disabled: false,
  manager: false,
  authSource: 'local',
  invitationPending: false,
  lastSignInAt: '2026-11-20T08:30:00.000Z',
  ...over,
});
const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });

// What the demo seed gives a manager (server/src/seed/rights.ts), written out: the app never imports the server.
const menu = (label: string, children: string[] = []): AppRight => ({
  label,
  permissions: ALL_PERMISSIONS,
  children: children.map((c) => ({ label: c, permissions: ALL_PERMISSIONS })),
});
const clientRights = ({
  invoicing,
  userAdmin = false,
}: {
  invoicing: boolean;
  deposits?: boolean;
  userAdmin?: boolean;
}) => [
  {
    label: 'profil',
    permissions: ['view', 'edit'],
    children: userAdmin ? [{ label: 'gestionUtilisateurs', permissions: ['view'] }] : [],
  } as AppRight,
  ...['mesDocuments', 'maBannette', 'monCompte', 'maComptabilite', 'mesCaisses'].map((m) => menu(m)),
  ...(invoicing ? [menu('mesFactures', ['gestionClients', 'listeFactures', 'listeDevis', 'gestionArticles'])] : []),
];

const GRANTABLE: GrantableCompany[] = [
  {
    id: 1,
    label: 'Boulangerie Pâtisserie Martin',
    gedUserRight: true,
    appRights: clientRights({ invoicing: true, deposits: true, userAdmin: true }),
    categories: [
      { id: 11, label: 'Comptabilité', path: 'Comptabilité', read: true, deposit: false },
      { id: 42, label: 'Ventes', path: 'Fichiers › Ventes', read: true, deposit: true },
    ],
  },
  {
    id: 2,
    label: 'Garage Dupont & Fils',
    gedUserRight: false,
    // Without invoicing: the stepper must not offer « Mes factures » there.
    appRights: clientRights({ invoicing: false }),
    categories: [{ id: 11, label: 'Comptabilité', path: 'Comptabilité', read: true, deposit: false }],
  },
];

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  forgetAll();
  signInAs(null);
  vi.restoreAllMocks();
  for (const f of [
    fetchUsers,
    fetchGrantable,
    fetchAudit,
    fetchProfile,
    createUser,
    removeFromCompany,
    setDisabled,
    updateAccess,
  ])
    f.mockReset();
});

function open() {
  signInAs(adminProfile());
  fetchGrantable.mockResolvedValue(GRANTABLE);
  return renderInRouter(null, {
    path: '/admin',
    routes: (root) => [createRoute({ getParentRoute: () => root as never, path: '/admin', component: AdminPage })],
  });
}

/** The first step of « Ajouter un utilisateur », its errors checked, filled: the dialog at the companies. */
async function fillIdentity(username = 'cdurand') {
  fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un utilisateur' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ajouter un utilisateur' });
  await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toBeTruthy());
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));
  await within(dialog).findByText('Le nom est obligatoire.');
  within(dialog).getByText('L’adresse e-mail n’est pas valide.');
  const type = (name: string, value: string) =>
    fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
  type('Nom', 'Durand');
  type('Prénom', 'Claire');
  type('Identifiant', username);
  type('E-mail', 'claire.durand@exemple.fr');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));
  await within(dialog).findByRole('heading', { name: 'À quelles sociétés a-t-il accès ?' });
  return dialog;
}

const httpError = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    new Request('http://localhost/api/x'),
    {} as never,
  );

describe('the list of managed users', { timeout: 60_000 }, () => {
  it('shows each user with role, status and last sign-in, and searches on the server', async () => {
    fetchUsers.mockImplementation((_m: number, _c: number, q: { q?: string }) =>
      Promise.resolve(
        q.q
          ? page([user(3, { firstName: 'Paul', name: 'Girard' })])
          : page(
              [
                user(2, { firstName: 'Julien', name: 'Rousseau', manager: true }),
                user(3, { firstName: 'Paul', name: 'Girard', disabled: true }),
                user(4, { invitationPending: true, lastSignInAt: null }),
              ],
              120,
            ),
      ),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Utilisateurs de la société' });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [],
      ['user2', 'user2@exemple.fr', 'Gestionnaire', 'Actif', '20/11/2026 à 09:30', ''],
      ['user3', 'user3@exemple.fr', 'Utilisateur', 'Désactivé', '20/11/2026 à 09:30', ''],
      ['user4', 'user4@exemple.fr', 'Utilisateur', 'Invitation envoyée', 'Jamais', ''],
    ]);
    // The signed-in manager is marked, and cannot remove themself.
    within(rows[1]).getByText('(vous)');
    screen.getByText('1–25 sur 120');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), {
      target: { value: 'gir' },
    });
    await waitFor(() =>
      expect(fetchUsers).toHaveBeenCalledWith(2, 1, { q: 'gir', page: 1, pageSize: 25 }, expect.anything()),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Utilisateurs de la société' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
  });
});

describe('the stepper', { timeout: 60_000 }, () => {
  it('grants per company only what the manager holds, then creates the user and says a mail was sent', async () => {
    fetchUsers.mockResolvedValue(page([user(2)]));
    createUser.mockResolvedValue({ ...user(9), companies: [] });
    open();
    const dialog = await fillIdentity();
    // The current company comes ticked; the manager adds the garage.
    expect(within(dialog).getByRole('checkbox', { name: 'Boulangerie Pâtisserie Martin' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Garage Dupont & Fils' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    await within(dialog).findByRole('heading', { name: 'Quels droits dans chaque société ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await within(dialog).findByText(
      'Accordez au moins un menu dans : Boulangerie Pâtisserie Martin, Garage Dupont & Fils.',
    );
    const tick = (name: string) => fireEvent.click(within(dialog).getByRole('checkbox', { name }));
    tick('Télécharger (Mes documents)');
    // Download came with view: the drawer shows nothing without it.
    expect(within(dialog).getByRole('checkbox', { name: 'Consulter (Mes documents)' })).toHaveProperty('checked', true);
    const own = within(dialog).getByRole<HTMLInputElement>('checkbox', {
      name: 'Catégories par utilisateur (Mes documents)',
    });
    expect([own.checked, own.disabled]).toEqual([true, true]);
    tick('Consulter (Mes factures › Factures et tableau de bord)');
    expect(within(dialog).getByRole('checkbox', { name: 'Consulter (Mes factures)' })).toHaveProperty('checked', true);

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Garage Dupont & Fils' }));
    await within(dialog).findByRole('table', { name: 'Droits dans Garage Dupont & Fils' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Consulter (Mes factures)' })).toBeNull();
    tick('Consulter (Ma bannette)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    // Categories: only the bakery chooses them per user (gedUserRight).
    await within(dialog).findByRole('table', { name: 'Catégories de documents de Boulangerie Pâtisserie Martin' });
    tick('Déposer : Fichiers › Ventes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    const bakery = await within(dialog).findByRole('region', { name: 'Accès à Boulangerie Pâtisserie Martin' });
    // The manager reads only their own categories there: so does the user (decision 042).
    within(bakery).getByText('Mes documents : consulter, télécharger, catégories par utilisateur');
    within(bakery).getByText('Mes factures › Factures et tableau de bord : consulter');
    within(bakery).getByText('Catégories de documents : 2 consultables, 0 ouverte au dépôt.');
    within(within(dialog).getByRole('region', { name: 'Accès à Garage Dupont & Fils' })).getByText(
      'Ma bannette : consulter',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer l’utilisateur' }));
    await waitFor(() => expect(createUser).toHaveBeenCalledTimes(1));
    expect(createUser.mock.calls[0]).toEqual([
      1,
      {
        name: 'Durand',
        firstName: 'Claire',
        username: 'cdurand',
        email: 'claire.durand@exemple.fr',
        companies: [
          {
            companyId: 1,
            appRights: [
              { label: 'mesDocuments', permissions: ['view', 'download', 'userGedRight'], children: [] },
              {
                label: 'mesFactures',
                permissions: ['view'],
                children: [{ label: 'listeFactures', permissions: ['view'] }],
              },
            ],
            categories: [11, 42],
            categoriesInbox: [],
          },
          {
            companyId: 2,
            appRights: [{ label: 'maBannette', permissions: ['view'], children: [] }],
            // No per-user categories there: all read, and deposits where the tree takes them (none).
            categories: [11],
            categoriesInbox: [],
          },
        ],
      },
    ]);
    await screen.findByText('Un e-mail a été envoyé à claire.durand@exemple.fr pour qu’il choisisse son mot de passe.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter un utilisateur' })).toBeNull());
  });

  it('a login already taken sends the manager back to the identity, the server’s message on the field', async () => {
    fetchUsers.mockResolvedValue(page([user(2)]));
    createUser.mockRejectedValue(httpError(409, { message: 'Cet identifiant est déjà utilisé.' }));
    open();
    const dialog = await fillIdentity('demo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await within(dialog).findByRole('heading', { name: 'Quels droits dans chaque société ?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Consulter (Mes documents)' }));
    for (const heading of ['Quelles catégories de documents ?', 'Vérifiez avant de créer']) {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));
      await within(dialog).findByRole('heading', { name: heading });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer l’utilisateur' }));
    await within(dialog).findByRole('heading', { name: 'Qui est l’utilisateur ?' });
    within(dialog).getByText('Cet identifiant est déjà utilisé.');
    expect(within(dialog).getByRole('textbox', { name: 'Identifiant' })).toHaveProperty('value', 'demo');
  });
});

describe('changes to a user', { timeout: 60_000 }, () => {
  it('removing asks in French first, and a refusal shows the server’s message', async () => {
    fetchUsers.mockResolvedValue(page([user(3, { firstName: 'Paul', name: 'Girard' })]));
    removeFromCompany.mockRejectedValue(
      httpError(409, { message: 'Impossible de retirer le dernier gestionnaire de la société.' }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions pour Paul Girard' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Retirer de la société' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirer Paul Girard de la société ?' });
    within(confirm).getByText(/Paul Girard perd aussitôt l’accès à Boulangerie Pâtisserie Martin/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(removeFromCompany).toHaveBeenCalledWith(3, 1));
    await screen.findByText('L’utilisateur n’a pas été retiré');
    screen.getByText('Impossible de retirer le dernier gestionnaire de la société.');
  });

  it('edits the rights of one company, starting from what the user holds there', async () => {
    const paul = user(3, { firstName: 'Paul', name: 'Girard' });
    fetchUsers.mockResolvedValue(page([paul]));
    const held = [{ label: 'maBannette', permissions: ['view' as const], children: [] }];
    fetchProfile.mockResolvedValue({
      ...paul,
      companies: [
        {
          companyId: 1,
          label: 'Boulangerie Pâtisserie Martin',
          manager: false,
          appRights: held,
          categories: [11],
          categoriesInbox: [42],
        },
      ],
    });
    updateAccess.mockResolvedValue({ ...paul, companies: [] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions pour Paul Girard' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Modifier les droits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Droits de Paul Girard' });
    const bannette = await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Consulter (Ma bannette)' });
    expect(bannette.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Créer (Ma bannette)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer les droits' }));
    await waitFor(() =>
      expect(updateAccess).toHaveBeenCalledWith(3, 1, {
        appRights: [{ label: 'maBannette', permissions: ['view', 'create'], children: [] }],
        categories: [11],
        categoriesInbox: [42],
      }),
    );
    await screen.findByText('Droits modifiés');
    expect(fetchProfile).toHaveBeenCalledWith(3, 1, expect.anything());
  });

  it('offline, says so and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchUsers.mockResolvedValue(page([user(3)]));
    open();
    await screen.findByText(/La gestion des utilisateurs demande une connexion au serveur/);
    expect(screen.getByRole('button', { name: 'Ajouter un utilisateur' })).toHaveProperty('disabled', true);
    expect(createUser).not.toHaveBeenCalled();
  });
});

describe('the rights journal', { timeout: 60_000 }, () => {
  it('says who changed what, in French', async () => {
    fetchUsers.mockResolvedValue(page([]));
    const entry: AuditEntry = {
      id: 1,
      at: '2026-11-25T14:05:00.000Z',
      action: 'rights',
      actor: { id: 2, label: 'Julien Rousseau' },
      target: { id: 3, label: 'Paul Girard' },
      before: {
        appRights: [{ label: 'mesDocuments', permissions: ['view', 'download'], children: [] }],
        categories: [11],
      },
      after: {
        appRights: [
          { label: 'mesDocuments', permissions: ['view'], children: [] },
          { label: 'maBannette', permissions: ['view'], children: [] },
        ],
        categories: [11, 42],
      },
    };
    fetchAudit.mockResolvedValue(page([entry]));
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Journal des droits' }));
    const table = await screen.findByRole('table', { name: 'Journal des droits' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.slice(0, 4).map((c) => c.textContent)).toEqual([
      '25/11/2026 à 15:05',
      'Julien Rousseau',
      'Paul Girard',
      'Droits modifiés',
    ]);
    within(cells[4]).getByText('Accordé : Ma bannette : consulter');
    within(cells[4]).getByText('Retiré : Mes documents : télécharger');
    within(cells[4]).getByText('Catégories consultables : 1 ajoutée');
  });
});

describe('on a phone (below 36em)', { timeout: 60_000 }, () => {
  // Read once the jsdom gaps are filled (beforeAll above), not when the file loads.
  let real: typeof window.matchMedia;
  beforeEach(() => {
    real = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...real(query),
      matches: query.includes('max-width: 36em'),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = real;
  });

  it('each user and each change of rights is a card, its actions named after the user', async () => {
    fetchUsers.mockResolvedValue(page([user(2, { firstName: 'Julien', name: 'Rousseau', manager: true }), user(3)]));
    const entry: AuditEntry = {
      id: 1,
      at: '2026-11-25T14:05:00.000Z',
      action: 'disable',
      actor: { id: 2, label: 'Julien Rousseau' },
      target: { id: 3, label: 'Paul Girard' },
      before: { disabled: false },
      after: { disabled: true },
    };
    fetchAudit.mockResolvedValue(page([entry]));
    open();
    const users = await screen.findByRole('list', { name: 'Utilisateurs de la société' });
    const cards = within(users).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    within(cards[0]).getByText('(vous)');
    within(cards[0]).getByText('user2 · Gestionnaire');
    within(cards[1]).getByText('Dernière connexion : 20/11/2026 à 09:30');
    within(cards[1]).getByRole('button', { name: 'Actions pour Claire Durand' });
    expect(screen.queryByRole('table', { name: 'Utilisateurs de la société' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Journal des droits' }));
    const journal = await screen.findByRole('list', { name: 'Journal des droits' });
    const change = within(journal).getByRole('listitem');
    within(change).getByText('Accès désactivé : Paul Girard');
    within(change).getByText('par Julien Rousseau, le 25/11/2026 à 15:05');
  });

  it('the rights of each menu are labelled boxes in a card, not a grid scrolled sideways', async () => {
    fetchUsers.mockResolvedValue(page([user(2)]));
    open();
    const dialog = await fillIdentity();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    const rights = await within(dialog).findByRole('list', { name: 'Droits dans Boulangerie Pâtisserie Martin' });
    expect(within(dialog).queryByRole('table', { name: 'Droits dans Boulangerie Pâtisserie Martin' })).toBeNull();
    const documents = within(rights).getByRole('group', { name: 'Mes documents' });
    // The box's own label is on screen; its name still says which menu it belongs to.
    fireEvent.click(within(documents).getByText('Télécharger'));
    expect(within(documents).getByRole('checkbox', { name: 'Consulter (Mes documents)' })).toHaveProperty(
      'checked',
      true,
    );
    const invoices = within(rights).getByRole('group', { name: 'Mes factures › Factures et tableau de bord' });
    fireEvent.click(
      within(invoices).getByRole('checkbox', { name: 'Consulter (Mes factures › Factures et tableau de bord)' }),
    );
    expect(within(rights).getByRole('checkbox', { name: 'Consulter (Mes factures)' })).toHaveProperty('checked', true);
  });
});
