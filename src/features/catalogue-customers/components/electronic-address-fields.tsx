import { Fieldset, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { isInFrance } from '../../../domain/customers';
import { effectiveElectronicAddress, ELECTRONIC_ADDRESS_SCHEMES } from '../../../domain/electronic-address';
import type { Customer } from '../../../domain/types';
import type { CustomerField } from '../customer-model';

interface Props {
  customer: Customer;
  error?: string;
  onChange: (patch: Partial<Customer>) => void;
  onLeave?: (field: CustomerField) => void;
}

/**
 * Decision 085: « Adresse de facturation électronique », where the platforms deliver this customer's
 * e-invoices (BT-49): a plain pair, scheme + identifier, that the directory look-up may fill too. Left
 * empty, the e-invoice uses the SIREN in the French directory (0225) or else the e-mail (EM); the
 * field says which.
 */
export function ElectronicAddressFields({ customer: c, error, onChange, onLeave }: Props) {
  const scheme = c.electronicAddressScheme ?? '';
  const options =
    ELECTRONIC_ADDRESS_SCHEMES.some((s) => s.value === scheme) || !scheme
      ? ELECTRONIC_ADDRESS_SCHEMES
      : [...ELECTRONIC_ADDRESS_SCHEMES, { value: scheme, label: scheme }];
  const fallback = effectiveElectronicAddress({
    siren: c.siren,
    email: c.email,
    inFrenchDirectory: c.isBusiness !== false && isInFrance(c.country),
  });
  const set = !!(scheme || c.electronicAddress);
  return (
    <Fieldset legend="Facturation électronique">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Schéma de l’adresse de facturation électronique"
          placeholder="Choisir"
          data={options}
          value={scheme || null}
          onChange={(v) => onChange({ electronicAddressScheme: v ?? '' })}
          clearable
        />
        <TextInput
          label="Adresse de facturation électronique"
          placeholder={fallback ? fallback.value : '123456789'}
          error={error}
          maxLength={200}
          value={c.electronicAddress ?? ''}
          onBlur={() => onLeave?.('electronicAddress')}
          onChange={(e) => onChange({ electronicAddress: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs">
        {set
          ? 'Les factures électroniques de ce client lui parviennent à cette adresse.'
          : fallback
            ? `Laissée vide : ses factures électroniques utilisent ${fallback.scheme === '0225' ? 'son SIREN dans l’annuaire (0225)' : 'son e-mail (EM)'}, ${fallback.value}.`
            : 'Laissée vide : renseignez le SIREN (client professionnel en France) ou l’e-mail du client, sans quoi ses factures ne pourront pas être validées.'}
      </Text>
    </Fieldset>
  );
}
