import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { PLATFORM_SETTINGS_PATH } from '../paths';
import { platformSummaryData } from '../platform-data';

/**
 * The banner's truth (decision 088): which approved platform sends and receives the company's
 * e-invoices, or that none is set and what to do. Nothing while it is not known (offline, loading).
 */
export function PlatformBannerLine() {
  const { data } = useServerData(platformSummaryData, NO_PARAMS);
  if (!data) return null;
  if (data.configured)
    return (
      <>
        Vos factures électroniques sont envoyées et reçues par la plateforme agréée <strong>{data.name}</strong>
        {data.local ? ' (plateforme locale de démonstration)' : ''}.{' '}
        {data.canManage && (
          <Anchor component={Link} to={PLATFORM_SETTINGS_PATH} inherit>
            Régler la plateforme
          </Anchor>
        )}
      </>
    );
  return (
    <>
      Aucune plateforme agréée n’est choisie pour cette société : elle ne peut encore ni recevoir ni envoyer de factures
      électroniques.{' '}
      {data.canManage ? (
        <Anchor component={Link} to={PLATFORM_SETTINGS_PATH} fw={600} inherit>
          Choisir la plateforme agréée
        </Anchor>
      ) : (
        'Demandez à votre cabinet de la renseigner.'
      )}
    </>
  );
}
