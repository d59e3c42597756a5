import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Customer } from '../../../domain/types';
import { mainAddress } from '../editor-model';
import type { EditorState } from '../types';
import { usePhone } from '../../../components/use-phone';
import { LineCards } from './line-cards';
import { ReadRow, type LineHandlers } from './line-rows';
import { LinesHeader } from './lines-editor';
import { oneLine } from '../options';
import { TotalsCard } from './totals-card';
import { formatDate } from '../../../domain/format';
import { OPERATION_KIND_OPTIONS } from '../../../domain/operation-kind';

const NONE: LineHandlers = {
  edit: () => undefined,
  done: () => undefined,
  patch: () => undefined,
  move: () => undefined,
  moveTo: () => undefined,
  duplicate: () => undefined,
  remove: () => undefined,
};

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ whiteSpace: 'pre-wrap' }}>
        {value?.trim() ? value : '—'}
      </Text>
    </div>
  );
}

/** A validated invoice or a closed quote: what was issued, nothing editable. */
export function ReadOnlyBusinessDocument({ state, customer }: { state: EditorState; customer: Customer | null }) {
  const { form } = state;
  const phone = usePhone();
  const invoice = state.kind === 'invoice';
  const who = state.customer
    ? `${state.customer.socialReason}${state.customer.accountNumber ? ` (${state.customer.accountNumber})` : ''}`
    : form.accountNumber;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label="Client" value={who} />
          <Field
            label="Adresse de facturation"
            value={oneLine(form.billingAddress || (customer ? mainAddress(customer) : ''))}
          />
          {invoice && <Field label="Type" value={form.type} />}
          {invoice && form.type === 'Avoir' && <Field label="Facture corrigée" value={state.correctedInvoiceNumber} />}
          <Field label={invoice ? 'Date de facturation' : 'Date de création'} value={formatDate(form.createdAt)} />
          {invoice ? (
            <Field label="Date d’échéance" value={formatDate(form.dueDate)} />
          ) : (
            <Field label="Date de validité" value={formatDate(form.validatedAt)} />
          )}
          {invoice && <Field label="Mode de paiement" value={form.paymentMode} />}
          <Field label="Désignation" value={form.designation} />
          <Field label="Clause de TVA" value={form.vatClause} />
          {/* Decision 046: the reform's mentions, as issued (null vatOnDebits: the company's choice then). */}
          {invoice && (
            <Field
              label="Nature de l’opération"
              value={OPERATION_KIND_OPTIONS.find((o) => o.value === form.operationKind)?.label}
            />
          )}
          {invoice && typeof form.vatOnDebits === 'boolean' && (
            <Field label="TVA sur les débits" value={form.vatOnDebits ? 'Oui' : 'Non'} />
          )}
          {invoice && form.deliveryAddress && <Field label="Adresse de livraison" value={form.deliveryAddress} />}
          {invoice && form.saleDate && (
            <Field label="Date de la vente ou de la prestation" value={formatDate(form.saleDate)} />
          )}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Lignes
        </Title>
        {phone ? (
          <LineCards lines={form.lines} on={NONE} readOnly />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <LinesHeader actions={false} />
              <Table.Tbody>
                {form.lines.map((l, i) => (
                  <ReadRow key={l.id} line={l} index={i} count={form.lines.length} on={NONE} readOnly />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <TotalsCard lines={form.lines} discount={form.discount} />
    </Stack>
  );
}
