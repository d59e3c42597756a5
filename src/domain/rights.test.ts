import { describe, expect, it } from 'vitest';
import { can, hasChildRight, hasMenuRight, type AppRight } from './rights';

const rights: AppRight[] = [
  {
    label: 'profil',
    permissions: ['view'],
    children: [
      { label: 'mesDepots', permissions: ['view'] },
      { label: 'gestionUtilisateurs', permissions: [] },
    ],
  },
  { label: 'mesFactures', permissions: ['view', 'create'], children: [] },
];

describe('rights (RIGHTS-1, RIGHTS-2)', () => {
  it('checks a menu permission', () => {
    expect(hasMenuRight(rights, 'mesFactures', 'create')).toBe(true);
    expect(hasMenuRight(rights, 'mesFactures', 'delete')).toBe(false);
    expect(hasMenuRight(rights, 'mesDocuments')).toBe(false);
    expect(hasMenuRight(undefined, 'mesFactures')).toBe(false);
  });
  it('viewing "mes dépôts" requires view on profil > mesDepots', () => {
    expect(hasChildRight(rights, 'profil', 'mesDepots', 'view')).toBe(true);
  });
  it('viewing user management requires view on profil > gestionUtilisateurs', () => {
    expect(hasChildRight(rights, 'profil', 'gestionUtilisateurs', 'view')).toBe(false);
    expect(hasChildRight(rights, 'mesFactures', 'gestionUtilisateurs', 'view')).toBe(false);
  });
});

// can(): the one check (decision 023), with the rights of RIGHTS-1 to RIGHTS-7.
const right = (label: string, permissions: AppRight['permissions'], children: AppRight['children'] = []): AppRight => ({
  label,
  permissions,
  children,
});
const writer = {
  userType: 2,
  appRights: [
    right('profil', ['view'], [{ label: 'mesDepots', permissions: ['view'] }]),
    right('mesDocuments', ['view']),
    right(
      'mesFactures',
      ['view'],
      [
        { label: 'listeFactures', permissions: ['view', 'create'] },
        { label: 'listeDevis', permissions: ['view', 'transform'] },
      ],
    ),
  ],
};
const admin = { userType: 1, appRights: [] };

describe('can() (RIGHTS-1 to RIGHTS-7)', () => {
  it('reads a menu permission, or a child permission when a child is named', () => {
    expect(can(writer, 'view', { menu: 'mesDocuments' })).toBe(true);
    expect(can(writer, 'download', { menu: 'mesDocuments' })).toBe(false);
    expect(can(writer, 'view', { menu: 'maBannette' })).toBe(false);
    expect(can(writer, 'create', { menu: 'mesFactures', child: 'listeFactures' })).toBe(true);
    expect(can(writer, 'edit', { menu: 'mesFactures', child: 'listeFactures' })).toBe(false);
    // A child permission is not a menu permission, and the other way round.
    expect(can(writer, 'create', { menu: 'mesFactures' })).toBe(false);
    expect(can(writer, 'view', { menu: 'mesFactures', child: 'gestionClients' })).toBe(false);
  });
  it('RIGHTS-6, RIGHTS-7: mes dépôts needs view on profil > mesDepots, user management on profil > gestionUtilisateurs', () => {
    expect(can(writer, 'view', { menu: 'profil', child: 'mesDepots' })).toBe(true);
    expect(can(writer, 'view', { menu: 'profil', child: 'gestionUtilisateurs' })).toBe(false);
  });
  it('RIGHTS-5: statistics and the firm views belong to user type 1 only', () => {
    expect(can(admin, 'statistics')).toBe(true);
    expect(can(admin, 'firm')).toBe(true);
    expect(can(writer, 'statistics')).toBe(false);
    expect(can({ userType: 2, appRights: admin.appRights }, 'firm')).toBe(false);
    expect(can({ appRights: writer.appRights }, 'statistics')).toBe(false);
  });
  it('an invoice or quote writer reads customers and articles without the management screens', () => {
    expect(can(writer, 'writeInvoicingDocuments')).toBe(true);
    expect(can(writer, 'readCustomers')).toBe(true);
    expect(can(writer, 'readArticles')).toBe(true);
    const reader = { appRights: [right('mesFactures', ['view'], [{ label: 'listeFactures', permissions: ['view'] }])] };
    expect(can(reader, 'writeInvoicingDocuments')).toBe(false);
    expect(can(reader, 'readCustomers')).toBe(false);
    const manager = {
      appRights: [right('mesFactures', ['view'], [{ label: 'gestionClients', permissions: ['view'] }])],
    };
    expect(can(manager, 'readCustomers')).toBe(true);
    expect(can(manager, 'readArticles')).toBe(false);
  });
  it('converting a quote needs transform on quotes and create on invoices', () => {
    expect(can(writer, 'convertQuote')).toBe(true);
    const noInvoices = {
      appRights: [right('mesFactures', ['view'], [{ label: 'listeDevis', permissions: ['view', 'transform'] }])],
    };
    expect(can(noInvoices, 'convertQuote')).toBe(false);
  });
  it('linking a client to a firm customer record: firm staff who manage its customers and read its invoices', () => {
    const firmInvoicing = right(
      'mesFactures',
      ['view'],
      [
        { label: 'gestionClients', permissions: ['view', 'edit'] },
        { label: 'listeFactures', permissions: ['view'] },
      ],
    );
    expect(can({ userType: 1, appRights: [firmInvoicing] }, 'linkFirmAccount')).toBe(true);
    // Not firm staff, or without editing the customers, or without reading the invoices the link shows.
    expect(can({ userType: 2, appRights: [firmInvoicing] }, 'linkFirmAccount')).toBe(false);
    const readsCustomers = right('mesFactures', ['view'], [{ label: 'gestionClients', permissions: ['view'] }]);
    expect(can({ userType: 1, appRights: [readsCustomers] }, 'linkFirmAccount')).toBe(false);
    const noInvoices = right('mesFactures', ['view'], [{ label: 'gestionClients', permissions: ['view', 'edit'] }]);
    expect(can({ userType: 1, appRights: [noInvoices] }, 'linkFirmAccount')).toBe(false);
    expect(can(admin, 'linkFirmAccount')).toBe(false);
  });
  it('nobody signed in, or no rights, can do nothing', () => {
    expect(can(null, 'view', { menu: 'mesDocuments' })).toBe(false);
    expect(can(undefined, 'statistics')).toBe(false);
    expect(can({}, 'readCustomers')).toBe(false);
    expect(can({ userType: 2, appRights: null }, 'view', { menu: 'mesFactures', child: 'listeDevis' })).toBe(false);
  });
});

describe('managePlatform (decision 088)', () => {
  it('is the firm’s staff’s and the company’s user administrator’s, no one else’s', () => {
    expect(can(admin, 'managePlatform')).toBe(true);
    const userAdmin = {
      userType: 2,
      appRights: [right('profil', ['view'], [{ label: 'gestionUtilisateurs', permissions: ['view'] }])],
    };
    expect(can(userAdmin, 'managePlatform')).toBe(true);
    expect(can(writer, 'managePlatform')).toBe(false);
    expect(can({ userType: 2, appRights: rights }, 'managePlatform')).toBe(false);
    expect(can(null, 'managePlatform')).toBe(false);
  });
});
