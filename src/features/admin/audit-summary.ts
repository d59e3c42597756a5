// The « Journal des droits » in words (decision 040): an audit row's before/after are whatever the
// server recorded (rights, categories, a status), read defensively so a newer shape still shows.
import type { AuditEntry } from '../../contract/admin';
import type { AppRight } from '../../domain/rights';
import { formatCount } from '../../domain/format';
import { flatRights } from './rights-tree';

export const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  create: 'Utilisateur ajouté',
  rights: 'Droits modifiés',
  remove: 'Retiré de la société',
  disable: 'Accès désactivé',
  enable: 'Accès réactivé',
};

interface Snapshot {
  appRights?: AppRight[];
  categories?: number[];
  categoriesInbox?: number[];
  disabled?: boolean;
}

const isRights = (v: unknown): v is AppRight[] =>
  Array.isArray(v) && v.every((r) => r && typeof r === 'object' && 'label' in r && Array.isArray(r.permissions));

function snapshotOf(value: unknown): Snapshot | null {
  if (value === null || value === undefined) return null;
  if (isRights(value)) return { appRights: value };
  if (typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  return {
    appRights: isRights(v.appRights) ? v.appRights : undefined,
    categories: Array.isArray(v.categories) ? (v.categories as number[]) : undefined,
    categoriesInbox: Array.isArray(v.categoriesInbox) ? (v.categoriesInbox as number[]) : undefined,
    disabled: typeof v.disabled === 'boolean' ? v.disabled : undefined,
  };
}

const MAX_LISTED = 6;
const listed = (items: string[]) =>
  items.length <= MAX_LISTED
    ? items.join(' ; ')
    : `${items.slice(0, MAX_LISTED).join(' ; ')} et ${items.length - MAX_LISTED} autres`;

function categoriesChange(label: string, before?: number[], after?: number[]): string | null {
  if (!after && !before) return null;
  const b = new Set(before ?? []);
  const a = new Set(after ?? []);
  const added = [...a].filter((x) => !b.has(x)).length;
  const removed = [...b].filter((x) => !a.has(x)).length;
  if (!added && !removed) return null;
  const parts = [added ? `${formatCount(added, 'ajoutée')}` : '', removed ? `${formatCount(removed, 'retirée')}` : ''];
  return `${label} : ${parts.filter(Boolean).join(', ')}`;
}

/** Lines saying what changed: rights granted and withdrawn, categories, status. */
export function summarize(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>): string[] {
  const before = snapshotOf(entry.before);
  const after = snapshotOf(entry.after);
  const lines: string[] = [];
  if (before?.appRights || after?.appRights) {
    const b = flatRights(before?.appRights ?? []);
    const a = flatRights(after?.appRights ?? []);
    const granted = a.filter((x) => !b.includes(x));
    const withdrawn = b.filter((x) => !a.includes(x));
    if (granted.length) lines.push(`Accordé : ${listed(granted)}`);
    if (withdrawn.length) lines.push(`Retiré : ${listed(withdrawn)}`);
  }
  const read = categoriesChange('Catégories consultables', before?.categories, after?.categories);
  const deposit = categoriesChange('Catégories de dépôt', before?.categoriesInbox, after?.categoriesInbox);
  if (read) lines.push(read);
  if (deposit) lines.push(deposit);
  if (before?.disabled !== undefined && after?.disabled !== undefined && before.disabled !== after.disabled)
    lines.push(after.disabled ? 'Statut : actif → désactivé' : 'Statut : désactivé → actif');
  if (lines.length === 0 && entry.action === 'remove') lines.push('Plus aucun accès à la société');
  return lines;
}
