import { Paper, Select, SimpleGrid, TextInput, Title, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { memo, useMemo } from 'react';
import { searchKey } from '../../../domain/search-text';
import type { Customer, InvoiceType } from '../../../domain/types';
import { setBillingDate, setCustomer, setInvoiceType, setQuoteDate } from '../editor-model';
import type { EditorData } from '../hooks/use-editor-data';
import { addressOptions, correctedInvoiceOptions, customerOptions, textOptions } from '../options';
import type { EditorForm, EditorState } from '../types';
import { FrDateInput } from './fr-date-input';
import { ReformFields } from './reform-fields';

interface Props {
  state: EditorState;
  change: (fn: (form: EditorForm) => EditorForm) => void;
  data: EditorData;
  customer: Customer | null;
}

const CUSTOMER_LIMIT = 50;

/**
 * INV-29: customer (with its billing address list), type, dates, payment mode, designation; the
 * reform's mentions. Not redrawn while the user types in a line: nothing it shows comes from the lines.
 */
export const BusinessDocumentFieldset = memo(function BusinessDocumentFieldset({
  state,
  change,
  data,
  customer,
}: Props) {
  const { form, kind } = state;
  const invoice = kind === 'invoice';
  const options = useMemo(
    () => customerOptions(data.customers, state.customer, form.accountNumber),
    [data.customers, state.customer, form.accountNumber],
  );
  const keys = useMemo(() => new Map(options.map((o) => [o.value, o.key])), [options]);
  // Accents and case ignored, on a key computed once per customer (10 000 customers stay fast).
  const filter: OptionsFilter = ({ options: all, search, limit }) => {
    const words = searchKey(search).split(' ').filter(Boolean);
    const out: ComboboxItem[] = [];
    for (const o of all as ComboboxItem[]) {
      if (words.every((w) => (keys.get(o.value) ?? '').includes(w))) out.push(o);
      if (out.length >= limit) break;
    }
    return out;
  };
  const byAccount = (account: string | null) => data.customers.find((c) => c.accountNumber === account) ?? null;

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {invoice ? 'Client et facture' : 'Client et devis'}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Client"
          placeholder="Rechercher un client"
          searchable
          clearable
          nothingFoundMessage="Aucun client trouvé"
          data={options}
          filter={filter}
          limit={CUSTOMER_LIMIT}
          value={form.accountNumber || null}
          onChange={(value) => change((f) => setCustomer(f, kind, byAccount(value)))}
        />
        <Select
          label="Adresse de facturation"
          placeholder={form.accountNumber ? 'Adresse du client (par défaut)' : 'Choisissez d’abord un client'}
          data={addressOptions(customer, form.billingAddress)}
          value={form.billingAddress || null}
          disabled={!form.accountNumber}
          onChange={(value) => change((f) => ({ ...f, billingAddress: value ?? '' }))}
          allowDeselect={false}
        />
        {invoice && (
          <Select
            label="Type"
            data={['Facture', 'Avoir']}
            value={form.type || null}
            allowDeselect={false}
            placeholder="Choisir le type"
            onChange={(value) => change((f) => setInvoiceType(f, (value ?? '') as InvoiceType | '', customer))}
          />
        )}
        {invoice && form.type === 'Avoir' && (
          <Select
            label="Facture corrigée"
            placeholder="Aucune (facultatif)"
            clearable
            searchable
            nothingFoundMessage="Aucune facture validée de ce client"
            data={correctedInvoiceOptions(
              data.invoices,
              form.accountNumber,
              form.correctedInvoiceId,
              state.correctedInvoiceNumber,
            )}
            value={form.correctedInvoiceId === null ? null : String(form.correctedInvoiceId)}
            onChange={(value) => change((f) => ({ ...f, correctedInvoiceId: value ? Number(value) : null }))}
          />
        )}
        {invoice ? (
          <>
            <FrDateInput
              label="Date de facturation"
              value={form.createdAt || null}
              onChange={(d) => change((f) => setBillingDate(f, d, customer))}
            />
            <FrDateInput
              label="Date d’échéance"
              value={form.dueDate}
              clearable
              disabled={form.type === 'Avoir'}
              description={form.type === 'Avoir' ? 'Un avoir n’a pas de date d’échéance.' : undefined}
              onChange={(d) => change((f) => ({ ...f, dueDate: d }))}
            />
            <Select
              label="Mode de paiement"
              placeholder="Choisir un mode de paiement"
              clearable
              data={textOptions(data.meansOfPayment, form.paymentMode)}
              value={form.paymentMode || null}
              onChange={(value) => change((f) => ({ ...f, paymentMode: value ?? '' }))}
            />
          </>
        ) : (
          <>
            <FrDateInput
              label="Date de création"
              value={form.createdAt || null}
              onChange={(d) => change((f) => setQuoteDate(f, d))}
            />
            <FrDateInput
              label="Date de validité"
              value={form.validatedAt}
              clearable
              onChange={(d) => change((f) => ({ ...f, validatedAt: d }))}
            />
          </>
        )}
        <TextInput
          label="Désignation"
          placeholder={invoice ? 'Objet de la facture' : 'Objet du devis'}
          value={form.designation}
          maxLength={500}
          onChange={(e) => {
            const value = e.currentTarget.value;
            change((f) => ({ ...f, designation: value }));
          }}
        />
      </SimpleGrid>
      {invoice && (
        <ReformFields form={form} change={change} customer={customer} companyVatOnDebits={data.company?.vatOnDebits} />
      )}
    </Paper>
  );
}, sameButLines);

/** Equal props but the document's lines: every other field of the state and of its form compared. */
function sameButLines(a: Props, b: Props): boolean {
  if (a.change !== b.change || a.data !== b.data || a.customer !== b.customer) return false;
  const { form: fa, ...sa } = a.state;
  const { form: fb, ...sb } = b.state;
  return shallowEqual(sa, sb) && shallowEqual({ ...fa, lines: null }, { ...fb, lines: null });
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as Array<keyof T>;
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}
