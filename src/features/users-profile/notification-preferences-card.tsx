import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { NO_PARAMS } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import { toastError, toastSuccess } from '../../lib/toast';
import { saveNotificationPreferences, type NotificationPreferences } from './api/notification-preferences';
import { preferencesData } from './users-profile-data';

const SWITCHES: Array<{ key: keyof NotificationPreferences; label: string; description: string }> = [
  {
    key: 'documents',
    label: 'Nouveaux documents',
    description: 'Une notification quand le cabinet classe un document dans vos dossiers.',
  },
  {
    key: 'requests',
    label: 'Demandes d’information',
    description: 'Une notification quand le cabinet vous pose une question sur une écriture.',
  },
  {
    key: 'digest',
    label: 'Récapitulatif quotidien par e-mail',
    description: 'Un e-mail chaque matin listant vos notifications non lues.',
  },
];

/**
 * « Notifications » on /me (decision 042): per company, which notifications are created and whether
 * the unread ones are mailed once a day. Each switch saves at once: there is nothing else to type.
 */
export function NotificationPreferencesCard({ companyId, companyLabel }: { companyId: number; companyLabel: string }) {
  const read = useServerData(preferencesData, NO_PARAMS, companyId);
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Pour la société {companyLabel}.
      </Text>
      {read.data ? (
        // Keyed by company: another company starts from its own answer, not from these switches.
        <PreferenceSwitches key={companyId} companyId={companyId} initial={read.data} />
      ) : (
        <Text size="sm">
          {read.loading ? 'Chargement en cours...' : 'Les préférences ne peuvent pas être lues sans connexion.'}
        </Text>
      )}
    </Card>
  );
}

function PreferenceSwitches({ companyId, initial }: { companyId: number; initial: NotificationPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  const [saving, setSaving] = useState(false);

  const change = async (key: keyof NotificationPreferences, value: boolean) => {
    const before = prefs;
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    setSaving(true);
    const result = await saveNotificationPreferences(companyId, next);
    setSaving(false);
    if (result.status === 'failed') {
      // The switch goes back: what is shown stays what the server holds.
      setPrefs(before);
      toastError(
        'Erreur lors de l’enregistrement des préférences',
        result.errors.length ? result.errors : result.message,
      );
      return;
    }
    toastSuccess(
      'Préférences enregistrées',
      result.status === 'queued' ? 'Elles seront envoyées au retour du réseau.' : undefined,
    );
  };

  return (
    <Stack gap="md">
      {SWITCHES.map((s) => (
        <Switch
          key={s.key}
          label={s.label}
          description={s.description}
          checked={prefs[s.key]}
          disabled={saving}
          onChange={(e) => void change(s.key, e.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
