import { z } from 'zod';
import { endpoint } from './endpoint';

/** PAY-1: the four fields the client posts in a hidden form to the payroll host. */
export const ssoData = z.object({
  user: z.string(),
  scope: z.string(),
  /** Unix seconds. */
  time: z.number().int(),
  token: z.string(),
  /** Where the form goes (configuration): the client needs it to post. */
  action: z.string(),
});
export type SsoData = z.output<typeof ssoData>;

export const sso = endpoint({
  method: 'get',
  path: '/fullls/sso',
  tag: 'Paie',
  summary: 'Données signées de l’authentification unique vers le service de paie',
  responses: { 200: ssoData },
  errors: { 403: 'Droit absent', 503: 'Service de paie non configuré' },
});
