import { formatDateFr, todayInParis } from '../domain/dates';

/** An ISO instant from the API shown as its calendar day in Paris: '21/11/2026'. */
export const instantDayFr = (iso: string | null | undefined): string => (iso ? formatDateFr(todayInParis(new Date(iso))) : '');
