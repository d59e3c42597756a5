import { useAtomValue } from 'jotai';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { currentCompanyAtom } from '../../../lib/session';
import { lastExercise, periodsData, rememberExercise } from '../accounting-data';

/**
 * The exercise a screen shows: the one in the URL, else the last consulted on this device, else
 * the latest. `choose` remembers it (the dashboard kept offline is the last consulted one).
 */
export function useExercise(fromUrl: number | undefined) {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const periods = useServerData(periodsData, NO_PARAMS);
  const list = periods.data;
  const wanted = fromUrl ?? (companyId ? lastExercise(companyId) : undefined);
  const exercise = list?.find((e) => e.id === wanted) ?? (fromUrl ? undefined : list?.[0]);
  const remember = (id: number) => companyId && rememberExercise(companyId, id);
  return { periods, exercises: list, exercise, remember, companyId };
}
