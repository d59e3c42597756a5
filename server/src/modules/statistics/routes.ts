import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { badRequest } from '../../http/errors';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { can } from '../../../../src/domain/rights';
import { pathParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { platformStatistics } from './service';
import { dateFilterProblem } from '../../../../src/domain/dates';

/** A real calendar date within the rulebook's bounds (1900–2100): 400 naming the parameter otherwise. */
function periodDate(value: string, field: string, which: string): string {
  const problem = dateFilterProblem(value);
  if (problem === 'format') throw badRequest(`La date ${which} doit être une date valide au format AAAA-MM-JJ.`, field);
  if (problem === 'bounds')
    throw badRequest(`La date ${which} doit être comprise entre le 01/01/1900 et le 31/12/2100.`, field);
  return value;
}

/** Statistics for administrators (userType 1): platform use over a period. */
export function statisticsModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Statistiques');

  route(api.statistics.statistics, {}, async (c) => {
    assertRight(can(subjectOf(c), 'statistics'), 'Les statistiques sont réservées aux administrateurs.');
    const start = periodDate(pathParam(c, 'startDate'), 'startDate', 'de début');
    const end = periodDate(pathParam(c, 'endDate'), 'endDate', 'de fin');
    if (end < start) throw badRequest('La date de fin ne peut pas précéder la date de début.', 'endDate');
    return c.json(await platformStatistics(deps.db, start, end));
  });

  return app;
}
