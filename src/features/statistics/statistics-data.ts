// GET /api/statistiques/…: the platform's use over a period, for administrators (user type 1).
// Kept in memory only (decision 022): figures about every company of the platform are not
// written on a device, and nobody needs them offline.
import { defineServerData } from '../../data/sync/server-data';
import { http } from '../../lib/http';

export interface Statistics {
  period: { start: string; end: string };
  users: number;
  companies: number;
  signIns: number;
  activeUsers: number;
  signInsByDay: { date: string; count: number }[];
}

export const statisticsData = defineServerData<{ start: string; end: string }, Statistics>({
  key: 'statistics',
  keep: 'memory',
  perCompany: false,
  fetch: ({ start, end }, { signal }) =>
    http.get(`statistiques/datedebut/${start}/datefin/${end}`, { signal }).json<Statistics>(),
});
