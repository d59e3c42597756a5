import { describe, expect, it } from 'vitest';
import { QUEUED_MESSAGE, SERVER_RETRY_MESSAGE } from '../../data/local-rows';
import { ROW_TOASTS, rowFeedback } from './row-feedback';

describe('row action feedback', () => {
  it('uses the spec wording for a quote state change', () => {
    expect(
      rowFeedback({ status: 'done', response: {} }, ROW_TOASTS.quoteState('D2026-0004'), ROW_TOASTS.quoteStateError),
    ).toEqual({
      tone: 'success',
      title: 'Enregistrement effectué',
      sub: "L'état du devis n°D2026-0004 à été enregistré avec succès",
    });
  });
  it('shows the server text on a refusal, the generic text without one', () => {
    expect(
      rowFeedback(
        { status: 'failed', httpStatus: 409, message: 'Transition refusée.', errors: [] },
        '',
        ROW_TOASTS.quoteStateError,
      ),
    ).toEqual({ tone: 'error', title: 'Transition refusée.', sub: undefined });
    expect(
      rowFeedback({ status: 'failed', httpStatus: 500, message: '', errors: [] }, '', ROW_TOASTS.quoteStateError).title,
    ).toBe("Erreur lors du changement d'état du devis");
  });
  it('says when the change is kept on the device or will be retried', () => {
    expect(rowFeedback({ status: 'queued', reason: 'offline' }, '', ROW_TOASTS.paymentError)).toEqual({
      tone: 'success',
      title: 'Enregistré sur cet appareil',
      sub: QUEUED_MESSAGE,
    });
    expect(rowFeedback({ status: 'queued', reason: 'server' }, '', ROW_TOASTS.paymentError)).toEqual({
      tone: 'error',
      title: ROW_TOASTS.paymentError,
      sub: SERVER_RETRY_MESSAGE,
    });
  });
});
