// @vitest-environment jsdom
// Decision 078: the sign-out's confirmation says what stays on the device, for whom, what becomes of
// it, and how to remove it now.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import { LogoutConfirm, type KeptOnDevice } from './logout-confirm';

beforeAll(installJsdomGaps);
afterEach(cleanScreen);

function open(kept: KeptOnDevice) {
  const handlers = { onCancel: vi.fn(), onConfirm: vi.fn(), onDiscard: vi.fn() };
  renderScreen(<LogoutConfirm opened kept={kept} who="Jean Dupont" {...handlers} />);
  const dialog = screen.getByRole('dialog', { name: 'Des données restent sur cet appareil', hidden: true });
  const paragraphs = [...dialog.querySelectorAll('p')].map((p) => p.textContent);
  return { handlers, dialog, paragraphs };
}
const button = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('the sign-out confirmation', () => {
  it('names the drafts and queued changes that stay, for whom, what becomes of them and how to delete them', () => {
    const { handlers, paragraphs } = open({ drafts: 2, changes: 3 });
    expect(paragraphs).toEqual([
      'Des données restent sur cet appareil',
      '2 brouillons et 3 modifications en attente d’envoi restent sur cet appareil pour Jean Dupont.',
      'Quand Jean Dupont se reconnectera sur cet appareil, les modifications seront envoyées automatiquement et les brouillons seront toujours là. Aucun autre utilisateur de l’appareil n’y a accès.',
      'Pour les supprimer dès maintenant, choisissez «\u00a0Supprimer aussi ces brouillons et modifications\u00a0» : les modifications ne seront jamais envoyées.',
    ]);
    fireEvent.click(button('Supprimer aussi ces brouillons et modifications'));
    expect(handlers.onDiscard).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Me déconnecter'));
    expect(handlers.onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Rester connecté'));
    expect(handlers.onCancel).toHaveBeenCalledTimes(1);
  });

  it('drafts only: « Supprimer aussi ces brouillons », nothing said about sending', () => {
    const { paragraphs } = open({ drafts: 2, changes: 0 });
    expect(paragraphs.slice(1)).toEqual([
      '2 brouillons restent sur cet appareil pour Jean Dupont.',
      'Quand Jean Dupont se reconnectera sur cet appareil, les brouillons seront toujours là. Aucun autre utilisateur de l’appareil n’y a accès.',
      'Pour les supprimer dès maintenant, choisissez «\u00a0Supprimer aussi ces brouillons\u00a0».',
    ]);
    expect(button('Supprimer aussi ces brouillons')).toBeTruthy();
  });

  it('one of each, and one queued change alone, in the singular', () => {
    expect(open({ drafts: 1, changes: 1 }).paragraphs[1]).toBe(
      '1 brouillon et 1 modification en attente d’envoi restent sur cet appareil pour Jean Dupont.',
    );
    cleanScreen();
    const { paragraphs } = open({ drafts: 0, changes: 1 });
    expect(paragraphs.slice(1)).toEqual([
      '1 modification en attente d’envoi reste sur cet appareil pour Jean Dupont.',
      'Quand Jean Dupont se reconnectera sur cet appareil, la modification sera envoyée automatiquement. Aucun autre utilisateur de l’appareil n’y a accès.',
      'Pour la supprimer dès maintenant, choisissez «\u00a0Supprimer aussi cette modification\u00a0» : la modification ne sera jamais envoyée.',
    ]);
  });
});
