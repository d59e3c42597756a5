import { DateInput, type DateInputProps } from '../../../components/dates';
import { parseFrDate } from '../fr-date';

/** A date field in the French format (JJ/MM/AAAA), typed or picked; values are 'YYYY-MM-DD'. */
export function FrDateInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseFrDate}
      placeholder="JJ/MM/AAAA"
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': `Effacer : ${typeof props.label === 'string' ? props.label : 'la date'}` }}
      {...props}
    />
  );
}
