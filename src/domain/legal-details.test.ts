import { describe, expect, it } from 'vitest';
import {
  LEGAL_DETAILS_MESSAGES as M,
  legalDetailsProblems,
  legalDetailsRefusal,
  missingLegalDetails,
  normalizeLegalIdentifiers,
} from './legal-details';

const complete = {
  label: 'Plume SARL',
  legalForm: 'SARL',
  shareCapital: '10 000 €',
  address: '12 rue des Lilas',
  postalCode: '69001',
  city: 'Lyon',
  siren: '552032534',
  siret: '55203253400018',
  rcs: 'RCS Lyon',
  vatNumber: 'FR27552032534',
  soleTrader: false,
};

describe('missingLegalDetails', () => {
  it('is empty for a complete company', () => {
    expect(missingLegalDetails(complete)).toEqual([]);
    expect(legalDetailsRefusal(complete)).toBeNull();
  });

  it('names every missing detail in French, an invalid SIREN or VAT number counting as missing', () => {
    expect(missingLegalDetails({ label: 'Plume' })).toEqual([
      'forme juridique',
      'capital social',
      'adresse',
      'code postal',
      'ville',
      'SIREN',
      'ville d’immatriculation (RCS ou RM)',
      'numéro de TVA intracommunautaire',
    ]);
    expect(missingLegalDetails({ ...complete, siren: '552032535', shareCapital: ' ' })).toEqual([
      'capital social',
      'SIREN',
    ]);
    expect(legalDetailsRefusal({ ...complete, siren: null, shareCapital: null })).toBe(
      'Complétez les mentions légales de la société avant de valider une facture : capital social, SIREN.',
    );
    expect(missingLegalDetails({ ...complete, vatNumber: 'FR00552032534' })).toEqual([
      'numéro de TVA intracommunautaire',
    ]);
  });

  it('asks a sole trader neither legal form, share capital nor VAT number (franchise en base)', () => {
    const ei = { ...complete, soleTrader: true, legalForm: null, shareCapital: null, vatNumber: null };
    expect(missingLegalDetails(ei)).toEqual([]);
    expect(missingLegalDetails({ ...ei, rcs: '' })).toEqual(['ville d’immatriculation (RCS ou RM)']);
  });
});

describe('legalDetailsProblems', () => {
  it('accepts valid identifiers typed with spaces, and missing ones', () => {
    expect(legalDetailsProblems({ ...complete, siren: '552 032 534', vatNumber: 'fr 27 552 032 534' })).toEqual([]);
    expect(legalDetailsProblems({ label: 'Plume' })).toEqual([]);
    expect(normalizeLegalIdentifiers({ siren: '552 032 534', siret: ' ', vatNumber: 'fr27 552032534' })).toEqual({
      siren: '552032534',
      siret: null,
      vatNumber: 'FR27552032534',
    });
  });

  it('refuses an invalid SIREN, SIRET or VAT number, in French', () => {
    expect(legalDetailsProblems({ ...complete, siren: '552032535', siret: null, vatNumber: null })).toEqual([
      'Le SIREN de la société n’est pas valide (9 chiffres, clé de contrôle).',
    ]);
    expect(legalDetailsProblems({ ...complete, siret: '55203253400019' })).toEqual([M.siretInvalid]);
    expect(legalDetailsProblems({ ...complete, vatNumber: 'FR28552032534' })).toEqual([M.vatNumberInvalid]);
    expect(legalDetailsProblems({ ...complete, label: ' ' })).toEqual([M.labelRequired]);
  });

  it('refuses a SIRET or a French VAT number of another SIREN', () => {
    expect(legalDetailsProblems({ ...complete, siret: '54205118000017' })).toEqual([
      'Le SIRET de la société doit commencer par son SIREN.',
    ]);
    expect(legalDetailsProblems({ ...complete, vatNumber: 'FR59542051180' })).toEqual([
      'Le numéro de TVA intracommunautaire de la société ne correspond pas à son SIREN.',
    ]);
  });
});
