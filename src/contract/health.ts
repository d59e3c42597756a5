import { z } from 'zod';
import { endpoint } from './endpoint';

// For a load balancer or an orchestrator in front of several instances (issue 13, docs/deploy.md):
// is the process alive, and should it receive traffic. Public: they carry no data.

const TAG = 'Santé du service';
export const NOT_READY_DATABASE = 'Service indisponible : la base de données ne répond pas.';
export const NOT_READY_STOPPING = 'Service indisponible : le serveur s’arrête et termine les requêtes en cours.';

export const live = endpoint({
  method: 'get',
  path: '/health/live',
  tag: TAG,
  auth: false,
  summary: 'Le processus répond (sans toucher à la base de données)',
  responses: { 200: z.object({ status: z.literal('ok') }) },
});

export const ready = endpoint({
  method: 'get',
  path: '/health/ready',
  tag: TAG,
  auth: false,
  summary: 'Le serveur peut recevoir du trafic : base de données joignable, arrêt non commencé',
  responses: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
  errors: { 503: `${NOT_READY_DATABASE} / ${NOT_READY_STOPPING}` },
});
