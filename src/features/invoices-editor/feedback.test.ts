import { describe, expect, it } from 'vitest';
import { saveFeedback, sendFeedback, stateFeedback, validateFeedback } from './feedback';

describe('editor messages (ERR-4 to ERR-8)', () => {
  it('save: success, offline, refused with the server’s list, refused with nothing to say', () => {
    expect(saveFeedback('invoice', { status: 'done', response: {} })).toEqual({
      tone: 'success',
      title: 'Enregistrement effectué',
      sub: 'Votre facture à été enregistrée avec succès',
    });
    expect(saveFeedback('quote', { status: 'done', response: {} }).sub).toBe(
      'Votre devis à été enregistré avec succès',
    );
    expect(saveFeedback('invoice', { status: 'queued', reason: 'offline' })).toMatchObject({
      tone: 'info',
      title: 'Facture enregistrée sur cet appareil',
    });
    expect(
      saveFeedback('invoice', {
        status: 'failed',
        httpStatus: 422,
        message: 'Votre facture contient des erreurs !',
        errors: ['a', 'b'],
      }),
    ).toEqual({ tone: 'error', title: 'Votre facture contient des erreurs !', sub: ['a', 'b'], duration: 6000 });
    expect(saveFeedback('quote', { status: 'failed', httpStatus: 500, message: '', errors: [] }).title).toBe(
      "Erreur lors de l'enregistrement du devis",
    );
  });

  it('validation, sending and quote state', () => {
    expect(validateFeedback({ status: 'done', response: {} })).toMatchObject({
      title: 'Validation effectuée',
      sub: 'Votre facture à été validée avec succès',
    });
    expect(validateFeedback({ status: 'queued', reason: 'offline' }).title).toBe(
      'Validation en attente : la facture sera validée et numérotée au retour du réseau.',
    );
    expect(validateFeedback({ status: 'failed', httpStatus: 422, message: 'x', errors: ['r1'] })).toMatchObject({
      title: 'Erreur lors de la validation',
      sub: ['Une erreur est survenue lors de la validation de votre facture.', 'r1'],
    });
    expect(sendFeedback({ status: 'done', response: {} })).toMatchObject({
      title: 'Envoi effectué',
      sub: 'Votre facture à été envoyée avec succès à votre client',
    });
    expect(
      sendFeedback({
        status: 'failed',
        httpStatus: 422,
        message: 'Votre client n’a pas d’adresse e-mail.',
        errors: [],
      }),
    ).toMatchObject({ title: "Erreur lors de l'envoi de la facture", sub: 'Votre client n’a pas d’adresse e-mail.' });
    expect(stateFeedback({ status: 'done', response: {} }, 'D-2026-0003')).toMatchObject({
      title: 'Enregistrement effectué',
      sub: "L'état du devis n°D-2026-0003 à été enregistré avec succès",
    });
    expect(stateFeedback({ status: 'failed', httpStatus: 409, message: '', errors: [] }, 'x').title).toBe(
      "Erreur lors du changement d'état du devis",
    );
  });
});
