import { z } from 'zod';
import { endpoint } from './endpoint';

// The usage statistics of the administrators (RIGHTS-5).

export const statistics = endpoint({
  method: 'get',
  path: '/statistiques/datedebut/:startDate/datefin/:endDate',
  tag: 'Statistiques',
  summary: 'Statistiques d’utilisation sur une période (administrateurs)',
  responses: {
    200: z.object({
      period: z.object({ start: z.string(), end: z.string() }),
      users: z.number(),
      companies: z.number(),
      signIns: z.number(),
      activeUsers: z.number(),
      signInsByDay: z.array(z.object({ date: z.string(), count: z.number() })),
    }),
  },
  errors: { 403: 'Réservé aux administrateurs' },
});
