import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE, resultFromResponse } from './upload-to-inbox';

describe('resultFromResponse', () => {
  it('gives the deposited items on 201', () => {
    expect(resultFromResponse(201, JSON.stringify({ items: [{ id: 1 }] }))).toEqual({ status: 'done', response: { items: [{ id: 1 }] } });
  });

  it('keeps the server’s French message and errors', () => {
    const body = JSON.stringify({ message: 'Le fichier « a.pdf » dépasse la taille maximale de 50 Mo.', errors: ['x', 3] });
    expect(resultFromResponse(413, body)).toEqual({ status: 'failed', httpStatus: 413, message: 'Le fichier « a.pdf » dépasse la taille maximale de 50 Mo.', errors: ['x'] });
  });

  it('falls back to a French sentence when the body says nothing', () => {
    expect(resultFromResponse(415, '')).toMatchObject({ httpStatus: 415, message: 'Ce type de fichier n’est pas autorisé.' });
    expect(resultFromResponse(502, '<html>')).toMatchObject({ httpStatus: 502, message: 'Le dépôt a échoué. Réessayez dans un instant.' });
    expect(resultFromResponse(0, '')).toEqual({ status: 'failed', httpStatus: null, message: NETWORK_FAILURE, errors: [] });
  });
});
