import { describe, expect, it } from 'vitest';
import { QUEUED_MESSAGE } from '../../data/local-rows';
import { articleFeedback } from './article-feedback';

const failed = (httpStatus: number, message: string, errors: string[] = []) => ({
  status: 'failed' as const,
  httpStatus,
  message,
  errors,
});

describe('article toasts (ERR-9 to ERR-11)', () => {
  it('create', () => {
    expect(articleFeedback('create', { status: 'done', response: {} })).toEqual({
      tone: 'success',
      title: 'Article créé',
      sub: "L'article à été créé avec succès",
      settled: true,
    });
    expect(articleFeedback('create', failed(409, 'Un article avec ce code existe déjà !'))).toMatchObject({
      tone: 'error',
      title: 'Un article avec ce code existe déjà !',
      settled: false,
    });
    expect(articleFeedback('create', { status: 'queued', reason: 'server' })).toMatchObject({
      tone: 'error',
      title: "Une erreur est survenue lors de la création de l'article",
    });
    expect(
      articleFeedback(
        'create',
        failed(422, 'L’article contient des erreurs.', ["Le code de l'article est obligatoire."]),
      ),
    ).toMatchObject({ title: 'L’article contient des erreurs.', sub: ["Le code de l'article est obligatoire."] });
  });

  it('update', () => {
    expect(articleFeedback('update', { status: 'done', response: {} })).toMatchObject({
      tone: 'success',
      title: 'Article modifié',
    });
    expect(articleFeedback('update', failed(404, 'Article introuvable.'))).toMatchObject({
      tone: 'error',
      title: "Une erreur est survenue lors de la modification de l'article",
      sub: 'Article introuvable.',
    });
    expect(articleFeedback('update', { status: 'queued', reason: 'server' }).title).toBe(
      "Une erreur est survenue lors de la modification de l'article",
    );
  });

  it('delete', () => {
    expect(articleFeedback('delete', { status: 'done', response: null })).toMatchObject({
      tone: 'success',
      title: 'Article supprimé',
    });
    expect(articleFeedback('delete', { status: 'queued', reason: 'server' }).title).toBe(
      "Une erreur est survenue lors de la suppression de l'article",
    );
    expect(articleFeedback('delete', failed(404, 'Article introuvable.'))).toMatchObject({
      title: 'Article introuvable.',
      settled: true,
    });
    expect(articleFeedback('delete', failed(403, 'Accès refusé.'))).toMatchObject({
      title: 'Accès refusé.',
      settled: false,
    });
  });

  it('a change kept offline says so and closes the form', () => {
    expect(articleFeedback('update', { status: 'queued', reason: 'offline' })).toEqual({
      tone: 'success',
      title: 'Article enregistré sur cet appareil',
      sub: QUEUED_MESSAGE,
      settled: true,
    });
  });
});
