import { NativeSelect } from '@mantine/core';
import type { Discount } from '../../../domain/types';
import { FrenchNumberInput } from './french-number-input';

interface Props {
  label: string;
  /** Accessible name of the % / € choice, e.g. "Type de remise de la ligne 2". */
  kindLabel: string;
  value: Discount | null | undefined;
  onChange: (discount: Discount | null) => void;
  error?: string | null;
}

const KINDS = [
  { value: 'percent', label: '%' },
  { value: 'amount', label: '€ HT' },
];

/**
 * A discount typed as a percentage or an amount excluding tax (decision 012), the kind chosen in
 * the field itself so it fits one grid cell. 0 means no discount: the document stays as it was.
 */
export function DiscountInput({ label, kindLabel, value, onChange, error }: Props) {
  const type = value?.type ?? 'percent';
  const amount = Number(value?.value) || 0;
  const set = (next: Discount) => onChange(next.value === 0 ? null : next);
  return (
    <FrenchNumberInput
      label={label}
      value={amount}
      error={error ?? undefined}
      onValue={(v) => set({ type, value: v })}
      rightSectionWidth={78}
      rightSectionPointerEvents="all"
      rightSection={
        <NativeSelect
          aria-label={kindLabel}
          data={KINDS}
          value={type}
          rightSectionWidth={24}
          styles={{
            input: { fontWeight: 600, width: 78, marginRight: -2, borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
          }}
          onChange={(e) => set({ type: e.currentTarget.value as Discount['type'], value: amount })}
        />
      }
    />
  );
}
