import { Select } from '@mantine/core';
import { usePhone } from '../../../components/use-phone';
import { canTransition, QUOTE_STATES } from '../../../domain/quote-states';
import type { QuoteStateLabel } from '../../../domain/types';

/**
 * The quote's state (QUO-12 labels); only the transitions of the rulebook are offered. Narrower on a
 * phone, where it shares the bar's line with « Aperçu » and « Enregistrer ».
 */
export function QuoteStateControl({
  state,
  disabled,
  onChange,
}: {
  state: QuoteStateLabel;
  disabled: boolean;
  onChange: (s: QuoteStateLabel) => void;
}) {
  const phone = usePhone();
  const data = QUOTE_STATES.map((s) => ({ value: s, label: s, disabled: s !== state && !canTransition(state, s) }));
  return (
    <Select
      label="État du devis"
      data={data}
      value={state}
      allowDeselect={false}
      disabled={disabled}
      w={phone ? 112 : 180}
      onChange={(value) => value && value !== state && onChange(value as QuoteStateLabel)}
    />
  );
}
