import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { PlumeEnvironment } from '../../../data/db';
import type { Customer } from '../../../domain/types';
import { ElectronicAddressFields } from './electronic-address-fields';
import type { CustomerField } from '../customer-model';
import { civilityOptions, paymentModeOptions } from '../environment-options';

/** The server accepts up to 20 alternate billing addresses. */
export const MAX_BILLING_ADDRESSES = 20;

interface Props {
  customer: Customer;
  delay: string;
  errors: Partial<Record<CustomerField, string>>;
  environment: PlumeEnvironment | null | undefined;
  onChange: (patch: Partial<Customer>) => void;
  onDelayChange: (text: string) => void;
  /** A field was left (its format errors show from then on). */
  onLeave?: (field: CustomerField) => void;
}

/** Identity, address, billing and delivery addresses, contact, payment terms (CUS-1 + french-rules.md). */
export function CustomerFormFields({
  customer: c,
  delay,
  errors,
  environment,
  onChange,
  onDelayChange,
  onLeave,
}: Props) {
  const text = (field: keyof Customer) => ({
    value: (c[field] as string | undefined) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => onChange({ [field]: e.currentTarget.value }),
  });
  const billing = c.billingAddresses;
  const setBilling = (next: string[]) => onChange({ billingAddresses: next });
  return (
    <Stack gap="md">
      <Radio.Group
        label="Type de client"
        value={c.isBusiness === false ? 'private' : 'business'}
        // A private customer has no SIREN nor VAT number: they would be printed on its invoices.
        onChange={(v) =>
          onChange(v === 'private' ? { isBusiness: false, siren: '', vatNumber: '' } : { isBusiness: true })
        }
      >
        <Group mt={6} gap="xl">
          <Radio value="business" label="Client professionnel" />
          <Radio value="private" label="Particulier" />
        </Group>
      </Radio.Group>
      <Fieldset legend="Identité">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={c.isBusiness === false ? 'Nom du client' : 'Raison sociale'}
            required
            error={errors.socialReason}
            maxLength={200}
            {...text('socialReason')}
            data-autofocus
          />
          <TextInput
            label="Numéro de compte"
            description="Laissé vide, il est attribué par le serveur à l’enregistrement (C00001…), ou à l’envoi hors connexion."
            error={errors.accountNumber}
            maxLength={30}
            {...text('accountNumber')}
          />
          <Select
            label="Civilité"
            placeholder="Choisir"
            data={civilityOptions(environment, c.civility)}
            value={c.civility || null}
            onChange={(v) => onChange({ civility: v ?? '' })}
            clearable
          />
          <TextInput label="Nom du contact" maxLength={200} {...text('name')} />
          {c.isBusiness !== false && (
            <TextInput
              label="SIREN"
              inputMode="numeric"
              placeholder="123 456 789"
              description="Obligatoire pour un client professionnel en France."
              error={errors.siren}
              maxLength={20}
              onBlur={() => onLeave?.('siren')}
              {...text('siren')}
            />
          )}
          {c.isBusiness !== false && (
            <TextInput
              label="Numéro de TVA intracommunautaire"
              placeholder="FR12345678901"
              description="S’il est assujetti à la TVA."
              error={errors.vatNumber}
              maxLength={30}
              onBlur={() => onLeave?.('vatNumber')}
              {...text('vatNumber')}
            />
          )}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Adresse">
        <Stack gap="sm">
          <Textarea label="Adresse" autosize minRows={2} maxRows={4} maxLength={500} {...text('address')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Code postal" maxLength={20} {...text('postalCode')} />
            <TextInput label="Ville" maxLength={100} {...text('city')} />
            <TextInput label="Pays" maxLength={100} {...text('country')} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <BillingAndDelivery billing={billing} setBilling={setBilling} delivery={text('deliveryAddress')} />
      <ElectronicAddressFields customer={c} error={errors.electronicAddress} onChange={onChange} onLeave={onLeave} />
      <Fieldset legend="Contact">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="E-mail"
            type="email"
            description="Adresse d’envoi des factures."
            error={errors.email}
            maxLength={254}
            onBlur={() => onLeave?.('email')}
            {...text('email')}
          />
          <TextInput label="Téléphone" type="tel" maxLength={40} {...text('phone')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Conditions de paiement">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Mode de paiement"
            placeholder="Choisir"
            data={paymentModeOptions(environment, c.paymentMode)}
            value={c.paymentMode || null}
            onChange={(v) => onChange({ paymentMode: v ?? '' })}
            clearable
          />
          <TextInput
            label="Délai de paiement (jours)"
            description="Laissé vide : 30 jours."
            inputMode="numeric"
            placeholder="30"
            error={errors.paymentDelay}
            value={delay}
            onChange={(e) => onDelayChange(e.currentTarget.value)}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

/** Up to MAX_BILLING_ADDRESSES other billing addresses (added, edited, removed) and the delivery address. */
function BillingAndDelivery({
  billing,
  setBilling,
  delivery,
}: {
  billing: string[];
  setBilling: (next: string[]) => void;
  delivery: { value: string; onChange: (e: { currentTarget: { value: string } }) => void };
}) {
  return (
    <Fieldset legend="Facturation et livraison">
      <Stack gap="sm">
        {billing.map((address, i) => (
          <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
            <Textarea
              style={{ flex: 1 }}
              label={`Autre adresse de facturation n° ${i + 1}`}
              autosize
              minRows={2}
              maxRows={4}
              maxLength={500}
              value={address}
              onChange={(e) => setBilling(billing.map((a, j) => (j === i ? e.currentTarget.value : a)))}
            />
            <Tooltip label="Retirer">
              <ActionIcon
                variant="subtle"
                color="red"
                size={44}
                aria-label={`Retirer l’autre adresse de facturation n° ${i + 1}`}
                onClick={() => setBilling(billing.filter((_, j) => j !== i))}
              >
                <IconTrash size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setBilling([...billing, ''])}
            disabled={billing.length >= MAX_BILLING_ADDRESSES}
            mih={44}
          >
            Ajouter une adresse de facturation
          </Button>
        </Group>
        <Textarea
          label="Adresse de livraison"
          description="Si elle diffère de l’adresse du client."
          autosize
          minRows={2}
          maxRows={4}
          maxLength={500}
          {...delivery}
        />
      </Stack>
    </Fieldset>
  );
}
