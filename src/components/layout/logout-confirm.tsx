import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** What a sign-out leaves on this device for the user signing out (data/storage.ts keptOnDevice). */
export interface KeptOnDevice {
  drafts: number;
  changes: number;
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** « 2 brouillons et 3 modifications en attente d’envoi » */
export function keptSummary({ drafts, changes }: KeptOnDevice): string {
  const parts: string[] = [];
  if (drafts > 0) parts.push(`${drafts} ${plural(drafts, 'brouillon', 'brouillons')}`);
  if (changes > 0) parts.push(`${changes} ${plural(changes, 'modification', 'modifications')} en attente d’envoi`);
  return parts.join(' et ');
}

/** The button that signs out and deletes them: « Supprimer aussi ces brouillons »… */
export function discardLabel({ drafts, changes }: KeptOnDevice): string {
  if (drafts > 0 && changes > 0) return 'Supprimer aussi ces brouillons et modifications';
  if (drafts > 0) return plural(drafts, 'Supprimer aussi ce brouillon', 'Supprimer aussi ces brouillons');
  return plural(changes, 'Supprimer aussi cette modification', 'Supprimer aussi ces modifications');
}

/** What happens to them when the same user signs in again on this device. */
function whenBack({ drafts, changes }: KeptOnDevice, who: string): string {
  const sent = plural(changes, 'la modification sera envoyée', 'les modifications seront envoyées');
  const there = plural(drafts, 'le brouillon sera toujours là', 'les brouillons seront toujours là');
  const what =
    drafts > 0 && changes > 0 ? `${sent} automatiquement et ${there}` : changes > 0 ? `${sent} automatiquement` : there;
  return `Quand ${who} se reconnectera sur cet appareil, ${what}. Aucun autre utilisateur de l’appareil n’y a accès.`;
}

/**
 * The sign-out's confirmation, asked only when something stays on the device (decision 078): the
 * drafts and the queued changes stay in this user's own database (decision 002), sent or reopened
 * at their next sign-in here; « Supprimer aussi… » deletes them with the rest.
 */
export function LogoutConfirm({
  opened,
  kept,
  who,
  busy = false,
  onCancel,
  onConfirm,
  onDiscard,
}: {
  opened: boolean;
  kept: KeptOnDevice;
  /** The signed-in user's name, as the profile menu shows it. */
  who: string;
  busy?: boolean;
  onCancel: () => void;
  /** Signs out and keeps them. */
  onConfirm: () => void;
  /** Deletes them, then signs out. */
  onDiscard: () => void;
}) {
  const total = kept.drafts + kept.changes;
  const lost =
    kept.changes > 0
      ? plural(
          kept.changes,
          ' : la modification ne sera jamais envoyée',
          ' : les modifications ne seront jamais envoyées',
        )
      : '';
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={<Text fw={700}>Des données restent sur cet appareil</Text>}
      closeButtonProps={{ 'aria-label': 'Fermer et rester connecté' }}
      centered
    >
      <Stack gap="sm">
        <Text>
          {keptSummary(kept)} {plural(total, 'reste', 'restent')} sur cet appareil pour {who}.
        </Text>
        <Text>{whenBack(kept, who)}</Text>
        <Text>
          {`Pour ${total > 1 ? 'les' : kept.drafts > 0 ? 'le' : 'la'} supprimer dès maintenant, choisissez «\u00a0${discardLabel(kept)}\u00a0»${lost}.`}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Rester connecté
        </Button>
        <Button variant="outline" color="red" onClick={onDiscard} disabled={busy}>
          {discardLabel(kept)}
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          Me déconnecter
        </Button>
      </Group>
    </Modal>
  );
}
