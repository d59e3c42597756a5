// The rights tree of the admin screens (decision 040): a tick never goes beyond the manager's own
// rights, brings the view the drawer needs, and unticking a view takes what depended on it.
import { describe, expect, it } from 'vitest';
import type { AppRight } from '../../domain/rights';
import { summarize } from './audit-summary';
import { clampTo, describeRights, toggle } from './rights-tree';

const limit: AppRight[] = [
  { label: 'mesDocuments', permissions: ['view', 'download'], children: [] },
  {
    label: 'mesFactures',
    permissions: ['view', 'create'],
    children: [{ label: 'listeDevis', permissions: ['view', 'transform'] }],
  },
];

describe('toggle', () => {
  it('adds view with any other permission, at the menu and at the child', () => {
    const a = toggle([], limit, { menu: 'mesDocuments' }, 'download', true);
    expect(a).toEqual([{ label: 'mesDocuments', permissions: ['view', 'download'], children: [] }]);
    const b = toggle([], limit, { menu: 'mesFactures', child: 'listeDevis' }, 'transform', true);
    expect(b).toEqual([
      {
        label: 'mesFactures',
        permissions: ['view'],
        children: [{ label: 'listeDevis', permissions: ['view', 'transform'] }],
      },
    ]);
  });

  it('never grants what the manager does not hold', () => {
    expect(toggle([], limit, { menu: 'mesDocuments' }, 'delete', true)).toEqual([]);
    expect(toggle([], limit, { menu: 'maComptabilite' }, 'view', true)).toEqual([]);
    const held: AppRight[] = [{ label: 'mesDocuments', permissions: ['view', 'delete'], children: [] }];
    expect(clampTo(held, limit)).toEqual([{ label: 'mesDocuments', permissions: ['view'], children: [] }]);
  });

  it('unticking a view removes the menu, or the child, with what needed it', () => {
    let r = toggle([], limit, { menu: 'mesFactures', child: 'listeDevis' }, 'transform', true);
    r = toggle(r, limit, { menu: 'mesFactures', child: 'listeDevis' }, 'view', false);
    expect(r).toEqual([{ label: 'mesFactures', permissions: ['view'], children: [] }]);
    expect(toggle(r, limit, { menu: 'mesFactures' }, 'view', false)).toEqual([]);
  });

  it('reads in French, in the drawer’s order', () => {
    const r = toggle(
      toggle([], limit, { menu: 'mesFactures', child: 'listeDevis' }, 'view', true),
      limit,
      { menu: 'mesDocuments' },
      'view',
      true,
    );
    expect(describeRights(r)).toEqual([
      'Mes documents : consulter',
      'Mes factures : consulter',
      'Mes factures › Devis : consulter',
    ]);
  });
});

describe('summarize', () => {
  it('tells a status change and a removal', () => {
    expect(summarize({ action: 'disable', before: { disabled: false }, after: { disabled: true } })).toEqual([
      'Statut : actif → désactivé',
    ]);
    expect(summarize({ action: 'remove', before: null, after: null })).toEqual(['Plus aucun accès à la société']);
  });

  it('reads rights given as a bare list, and ignores what it does not know', () => {
    expect(
      summarize({
        action: 'create',
        before: null,
        after: [{ label: 'maBannette', permissions: ['view'], children: [] }],
      }),
    ).toEqual(['Accordé : Ma bannette : consulter']);
    expect(summarize({ action: 'rights', before: 'x', after: 42 })).toEqual([]);
  });
});
