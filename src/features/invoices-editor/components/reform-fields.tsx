import { Checkbox, Divider, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { isOperationKind, OPERATION_KIND_OPTIONS } from '../../../domain/operation-kind';
import type { Customer } from '../../../domain/types';
import { effectiveVatOnDebits, setOtherDelivery, setOtherSaleDate } from '../editor-model';
import type { EditorForm } from '../types';
import { FrDateInput } from './fr-date-input';

interface Props {
  form: EditorForm;
  change: (fn: (form: EditorForm) => EditorForm) => void;
  customer: Customer | null;
  /** The company's choice (its legal details), used while the invoice makes none. */
  companyVatOnDebits: boolean | null | undefined;
}

/**
 * The reform's mentions of an invoice (french-rules.md, decision 046): the kind of operation, the
 * option for VAT on debits (the company's by default), and the delivery address and the date of
 * the sale, each only when it differs from the billing address or date.
 */
export function ReformFields({ form, change, customer, companyVatOnDebits }: Props) {
  const otherDelivery = form.deliveryAddress !== null && form.deliveryAddress !== undefined;
  const otherSaleDate = form.saleDate !== null && form.saleDate !== undefined;
  const vatOnDebits = effectiveVatOnDebits(form, companyVatOnDebits);
  return (
    <>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Nature de l’opération"
          placeholder="Non précisée"
          clearable
          data={OPERATION_KIND_OPTIONS}
          value={form.operationKind ?? null}
          onChange={(value) => change((f) => ({ ...f, operationKind: isOperationKind(value) ? value : null }))}
        />
        <Stack justify="flex-end" gap={4}>
          <Switch
            label="TVA sur les débits"
            description={`Option pour le paiement de la TVA d’après les débits. Choix de la société : ${
              companyVatOnDebits ? 'oui' : 'non'
            }.`}
            checked={vatOnDebits}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              change((f) => ({ ...f, vatOnDebits: checked }));
            }}
            size="md"
          />
        </Stack>
        <Stack gap="xs">
          <Checkbox
            label="Livraison à une autre adresse"
            checked={otherDelivery}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              change((f) => setOtherDelivery(f, checked, customer));
            }}
            size="md"
          />
          {otherDelivery && (
            <Textarea
              label="Adresse de livraison"
              description="Imprimée sur la facture lorsqu’elle diffère de l’adresse de facturation."
              autosize
              minRows={2}
              maxRows={5}
              maxLength={2000}
              value={form.deliveryAddress ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                change((f) => ({ ...f, deliveryAddress: value }));
              }}
            />
          )}
        </Stack>
        <Stack gap="xs">
          <Checkbox
            label="Date de la vente différente de la date de facturation"
            checked={otherSaleDate}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              change((f) => setOtherSaleDate(f, checked));
            }}
            size="md"
          />
          {otherSaleDate && (
            <FrDateInput
              label="Date de la vente ou de la prestation"
              value={form.saleDate || null}
              onChange={(d) => change((f) => ({ ...f, saleDate: d ?? '' }))}
            />
          )}
        </Stack>
      </SimpleGrid>
    </>
  );
}
