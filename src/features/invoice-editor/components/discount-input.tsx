import { Group, SegmentedControl } from '@mantine/core';
import type { Discount } from '../../../domain/types';
import { FrenchNumberInput } from './french-number-input';

interface Props {
  label: string;
  /** Accessible name of the % / € switch, e.g. "Type de remise de la ligne 2". */
  kindLabel: string;
  value: Discount | null | undefined;
  onChange: (discount: Discount | null) => void;
  error?: string | null;
}

/**
 * A discount typed as a percentage or an amount excluding tax (decision 012). 0 means no discount,
 * so the document stays exactly as it was without one.
 */
export function DiscountInput({ label, kindLabel, value, onChange, error }: Props) {
  const type = value?.type ?? 'percent';
  const amount = Number(value?.value) || 0;
  const set = (next: Discount) => onChange(next.value > 0 ? next : next.value === 0 ? null : next);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <FrenchNumberInput label={label} style={{ flex: 1 }} value={amount} error={error ?? undefined}
        rightSection={type === 'percent' ? '%' : '€'} onValue={(v) => set({ type, value: v })} />
      <SegmentedControl aria-label={kindLabel} value={type} mb={2}
        data={[{ value: 'percent', label: '%' }, { value: 'amount', label: '€' }]}
        onChange={(t) => set({ type: t as Discount['type'], value: amount })} />
    </Group>
  );
}
