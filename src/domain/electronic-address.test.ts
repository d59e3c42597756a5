import { describe, expect, it } from 'vitest';
import {
  ELECTRONIC_ADDRESS_MESSAGES as M,
  effectiveElectronicAddress,
  electronicAddressOf,
  electronicAddressProblem,
} from './electronic-address';

// Decision 085: the electronic address (BT-34 / BT-49), as typed and as the e-invoice uses it.

describe('electronicAddressOf / electronicAddressProblem', () => {
  it('cleans what was typed: no spaces, the scheme in capitals; both empty is no address', () => {
    expect(electronicAddressOf(' em ', ' a@b.fr ')).toEqual({ scheme: 'EM', value: 'a@b.fr' });
    expect(electronicAddressOf('0225', '552 100 554')).toEqual({ scheme: '0225', value: '552100554' });
    expect(electronicAddressOf('', '  ')).toBeNull();
  });

  it('accepts what the platforms accept (BR-FR-23, BR-FR-25) and names each fault', () => {
    expect(electronicAddressProblem({ scheme: '0225', value: '552100554' })).toBeNull();
    expect(electronicAddressProblem({ scheme: '0225', value: '552100554_STATUTS' })).toBeNull();
    expect(electronicAddressProblem({ scheme: '0208', value: '0477472701' })).toBeNull();
    expect(electronicAddressProblem({ scheme: '0225', value: '5521005541' })).toBe(M.valueInvalid0225);
    expect(electronicAddressProblem({ scheme: '0225', value: '552100554/X' })).toBe(M.valueInvalid0225);
    expect(electronicAddressProblem({ scheme: 'EM', value: 'pas-un-mail' })).toBe(M.valueInvalidEmail);
    expect(electronicAddressProblem({ scheme: 'ABC', value: 'x' })).toBe(M.schemeInvalid);
    expect(electronicAddressProblem({ scheme: '', value: 'x' })).toBe(M.schemeMissing);
    expect(electronicAddressProblem({ scheme: '0088', value: '' })).toBe(M.valueMissing);
    expect(electronicAddressProblem({ scheme: '0088', value: '1'.repeat(126) })).toBe(M.valueTooLong);
  });
});

describe('effectiveElectronicAddress', () => {
  it('the address set first, then the SIREN in the French directory, then the e-mail', () => {
    const own = { scheme: '0225', value: '552100554_COMPTA' };
    expect(effectiveElectronicAddress({ electronicAddress: own, siren: '552100554', inFrenchDirectory: true })).toBe(
      own,
    );
    expect(effectiveElectronicAddress({ siren: '552 100 554', email: 'a@b.fr', inFrenchDirectory: true })).toEqual({
      scheme: '0225',
      value: '552100554',
    });
    expect(effectiveElectronicAddress({ siren: '552100554', email: 'a@b.fr', inFrenchDirectory: false })).toEqual({
      scheme: 'EM',
      value: 'a@b.fr',
    });
    expect(effectiveElectronicAddress({ siren: '', email: '', inFrenchDirectory: true })).toBeNull();
  });
});
