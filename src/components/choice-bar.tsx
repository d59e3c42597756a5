import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { usePhone } from './use-phone';

/**
 * A row of choices (a period, a status) as wide as its container, stacked on a phone: side by side,
 * four French labels need more than 390 px, and the last ones were cut off at the screen's edge,
 * out of reach (« Année précédente », « Clôturées »).
 */
export function ChoiceBar(props: SegmentedControlProps) {
  const phone = usePhone();
  return <SegmentedControl fullWidth {...props} orientation={phone ? 'vertical' : 'horizontal'} />;
}
