import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_STATUS_LABELS,
  DELETE_DEPOSIT_NOT_OWNER,
  DELETE_DEPOSIT_REFUSED,
  depositDeletionRefusal,
  documentNotificationLabel,
} from './deposits';

describe('deposits', () => {
  it('labels every status in French', () => {
    expect(Object.values(DEPOSIT_STATUS_LABELS)).toEqual([
      'Déposé',
      'En attente de traitement',
      'En cours de traitement',
      'Classé',
    ]);
  });

  it('lets only the depositor withdraw, and only before the firm takes the file', () => {
    expect(depositDeletionRefusal({ userId: 1, status: 'deposited' }, 1)).toBeNull();
    expect(depositDeletionRefusal({ userId: 1, status: 'deposited' }, 2)).toBe(DELETE_DEPOSIT_NOT_OWNER);
    for (const status of ['queued', 'processing', 'done'] as const)
      expect(depositDeletionRefusal({ userId: 1, status }, 1)).toBe(DELETE_DEPOSIT_REFUSED);
  });

  it('names the document and its category in the notification', () => {
    expect(documentNotificationLabel('bilan.pdf', 'Bilan')).toBe('Nouveau document dans « Bilan » : bilan.pdf');
  });
});
