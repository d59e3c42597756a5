// The stepper's rules (decision 040), as the contract states them for the server (zod is not in the app).
import { describe, expect, it } from 'vitest';
import { identityErrors } from './new-user-draft';

describe('identityErrors', () => {
  it('names each missing or malformed field in French', () => {
    expect(identityErrors({ name: ' ', firstName: '', username: 'a b', email: 'camille@' })).toEqual({
      name: 'Le nom est obligatoire.',
      firstName: 'Le prénom est obligatoire.',
      username: 'L’identifiant ne doit pas contenir d’espace.',
      email: 'L’adresse e-mail n’est pas valide.',
    });
    expect(identityErrors({ name: 'Lambert', firstName: 'Camille', username: 'cl', email: 'c@exemple.fr' })).toEqual({
      username: 'L’identifiant doit compter au moins 3 caractères.',
    });
    expect(
      identityErrors({ name: 'Lambert', firstName: 'Camille', username: 'clambert', email: 'c@exemple.fr' }),
    ).toEqual({});
  });
});
