import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { unsavedWorkAtom } from '../../data/unsaved';
import { applyUpdate, updateAvailableAtom } from '../../lib/service-worker';
import { ConfirmModal } from '../../components/confirm-modal';

/** "Nouvelle version disponible": the app never reloads by itself; unsaved input gets a warning first. */
export function UpdateButton() {
  const available = useAtomValue(updateAvailableAtom);
  const unsaved = useAtomValue(unsavedWorkAtom);
  const wide = useMediaQuery('(min-width: 75em)', true);
  const [confirming, setConfirming] = useState(false);
  if (!available) return null;
  const reload = () => (unsaved.size > 0 ? setConfirming(true) : applyUpdate());
  return (
    <Group gap={6} wrap="nowrap">
      {wide && (
        <Text size="sm" fw={600} c="blue.8">
          Nouvelle version disponible
        </Text>
      )}
      <Button
        size="sm"
        mih={44}
        variant="filled"
        onClick={reload}
        aria-label="Nouvelle version disponible : recharger l’application"
      >
        Recharger
      </Button>
      <ConfirmModal
        opened={confirming}
        title="Recharger l’application ?"
        confirm="Recharger quand même"
        zIndex={400}
        message="Une saisie en cours n’est pas encore enregistrée : elle sera perdue si vous rechargez maintenant. Enregistrez-la d’abord."
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          applyUpdate();
        }}
      />
    </Group>
  );
}
