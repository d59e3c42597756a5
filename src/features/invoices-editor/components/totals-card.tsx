import { memo, useMemo } from 'react';
import { Autocomplete, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { discountErrors } from '../../../domain/check-helpers';
import { DISCOUNT_MESSAGES, discountValueError, formatDiscount } from '../../../domain/discounts';
import { computeTotals } from '../../../domain/totals';
import type { Discount } from '../../../domain/types';
import type { EditorForm, EditorLine } from '../types';
import { DiscountInput } from './discount-input';
import { formatMoney, formatPercent } from '../../../domain/format';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * Live totals (INV-27, from the rulebook) with the VAT of each rate. With a document discount
 * (decision 012): HT before it, the discount, net HT. `onDiscount` makes the discount editable.
 */
export const TotalsCard = memo(function TotalsCard({
  lines,
  discount,
  onDiscount,
}: {
  lines: EditorLine[];
  discount?: Discount | null;
  onDiscount?: (d: Discount | null) => void;
}) {
  const totals = useMemo(() => computeTotals(lines, discount), [lines, discount]);
  const discounted = totals.discount !== undefined && totals.subtotal !== undefined;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Totaux du document">
      <Title order={2} size="h4" mb="sm">
        Totaux
      </Title>
      {onDiscount && (
        <DiscountInput
          label="Remise globale (HT)"
          kindLabel="Type de remise globale"
          value={discount}
          onChange={onDiscount}
          error={
            discountValueError(discount) ??
            discountErrors(lines, discount).find((e) => e === DISCOUNT_MESSAGES.documentTooLarge)
          }
        />
      )}
      <Stack gap={6} mt={onDiscount ? 'sm' : 0} aria-live="polite">
        {discounted && <Row label="Total HT avant remise" value={formatMoney(totals.subtotal)} />}
        {discounted && (
          <Row
            label={discount?.type === 'percent' ? `Remise ${formatDiscount(discount)}` : 'Remise'}
            value={formatMoney(-totals.discount!)}
          />
        )}
        <Row label={discounted ? 'Total HT net' : 'Total HT'} value={formatMoney(totals.ht)} />
        {totals.vatBreakdown.map((v) => (
          <Row
            key={v.rate}
            label={`TVA ${formatPercent(v.rate)} sur ${formatMoney(v.base)}`}
            value={formatMoney(v.vat)}
          />
        ))}
        <Row label="Total TVA" value={formatMoney(totals.tva)} />
        <Divider my={4} />
        <Row label="Total TTC" value={formatMoney(totals.ttc)} strong />
      </Stack>
    </Paper>
  );
});

/** The VAT clause: one of the environment's, or free text; empty by default (LIMIT-8). */
export function VatClauseField({
  form,
  change,
  clauses,
}: {
  form: EditorForm;
  change: (fn: (f: EditorForm) => EditorForm) => void;
  clauses: string[];
}) {
  return (
    <Autocomplete
      label="Clause de TVA"
      description="Mention d’exonération ou d’autoliquidation, à choisir ou à saisir. Laissez vide si la TVA s’applique."
      placeholder="Aucune clause"
      data={[...new Set(clauses)]}
      value={form.vatClause}
      maxLength={500}
      comboboxProps={{ withinPortal: true }}
      onChange={(vatClause) => change((f) => ({ ...f, vatClause }))}
    />
  );
}
