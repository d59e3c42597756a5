import { todayInParis } from '../domain/dates';
import { formatDate } from '../domain/format';

/** An ISO instant from the API shown as its calendar day in Paris: '21/11/2026'. */
export const instantDayFr = (iso: string | null | undefined): string => (iso ? formatDate(todayInParis(new Date(iso))) : '');
