import { z } from 'zod';
import { endpoint } from './endpoint';

// For a load balancer or an orchestrator in front of several instances (decision 034, docs/deploy.md):
// is the process alive, and should it receive traffic. Public: they carry no data.

const TAG = 'Santé du service';
export const NOT_READY_DATABASE = 'Service indisponible : la base de données ne répond pas.';
export const NOT_READY_STOPPING = 'Service indisponible : le serveur s’arrête et termine les requêtes en cours.';
// The data folder cannot be written (a small probe write, decision 077): every write would fail.
export const NOT_READY_STORAGE_FULL =
  'Service indisponible : le disque du dossier de données est plein, le serveur ne peut plus rien enregistrer.';
export const NOT_READY_STORAGE_UNWRITABLE =
  'Service indisponible : le serveur ne peut pas écrire dans son dossier de données (droits insuffisants ou disque en lecture seule).';
export const NOT_READY_STORAGE_FAILED =
  'Service indisponible : l’écriture d’essai dans le dossier de données a échoué (disque défaillant ?).';

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
  summary:
    'Le serveur peut recevoir du trafic : base de données joignable, dossier de données accessible en écriture, arrêt non commencé',
  responses: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok'), storage: z.literal('ok') }) },
  errors: {
    503: [
      NOT_READY_DATABASE,
      NOT_READY_STORAGE_FULL,
      NOT_READY_STORAGE_UNWRITABLE,
      NOT_READY_STORAGE_FAILED,
      NOT_READY_STOPPING,
    ].join(' / '),
  },
});
