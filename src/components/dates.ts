// Mantine's date inputs in French, for the screens that pick a date: dayjs's French locale and the
// plugin that reads a typed DD/MM/YYYY. Set up here, with the inputs, rather than in the signed-in
// shell: the home picks no date and does not load dayjs (decision 064, the signed-in layer's bytes).
// Screens import the inputs from here, never from @mantine/dates (ESLint enforces it).
import 'dayjs/locale/fr';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);
dayjs.locale('fr');

export { DateInput, DatePickerInput, type DateInputProps } from '@mantine/dates';
