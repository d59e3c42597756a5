import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconCloudPause, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { categoryPathLabel, depositCategoryIds } from '../../../domain/document-categories';
import { profileAtom } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { depositButtonLabel, inFlight, sendable, type UploadItem } from '../upload-queue';
import { useInboxDeposit } from '../use-inbox-deposit';
import { DiscardQueuedModal } from './discard-queued-modal';
import { DropZone } from './drop-zone';
import { UploadList } from './upload-list';

/** /ma-bannette/deposer: choose a category, drop files, watch each one go up (or wait for the network); cancel any. */
export function DepositPage() {
  const profile = useAtomValue(profileAtom);
  const categories = depositCategoryIds(profile?.categoriesInbox ?? []).map((id) => ({
    value: String(id),
    label: categoryPathLabel(id),
  }));
  const [category, setCategory] = useState<string | null>(categories.length === 1 ? categories[0].value : null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(0);
  const [toDiscard, setToDiscard] = useState<UploadItem | null>(null);
  const deposit = useInboxDeposit();
  const { items } = deposit;

  async function send() {
    const companyId = profile?.userLastCompany;
    if (!category) {
      setCategoryError('Choisissez la catégorie de votre dépôt.');
      return;
    }
    if (companyId == null || sendable(items).length === 0) return;
    setRunning(true);
    const { done } = await deposit.depositAll(Number(category), companyId);
    setRunning(false);
    if (done > 0) {
      setFinished((n) => n + done);
      toastSuccess(
        'Dépôt effectué',
        done === 1
          ? 'Votre fichier a été déposé dans votre bannette.'
          : `Vos ${done} fichiers ont été déposés dans votre bannette.`,
      );
    }
  }

  const toSend = sendable(items).length;
  const queued = items.filter((i) => i.state === 'queued').length;
  return (
    <Stack maw={960}>
      <PageHeader
        title="Déposer des fichiers"
        description="Transmettez vos pièces à votre cabinet : elles arrivent dans votre bannette puis sont classées par le cabinet."
        actions={
          <Button component={Link} to="/ma-bannette" variant="light" size="md">
            Consulter ma bannette
          </Button>
        }
      />
      {categories.length === 0 ? (
        <Alert color="yellow" title="Aucune catégorie de dépôt">
          Votre cabinet ne vous a ouvert aucune catégorie de dépôt. Contactez-le pour déposer des fichiers.
        </Alert>
      ) : (
        <>
          <Select
            label="Catégorie du dépôt"
            placeholder="Choisissez une catégorie"
            data={categories}
            value={category}
            required
            size="md"
            maw={420}
            onChange={(v) => {
              setCategory(v);
              setCategoryError(null);
            }}
            error={categoryError}
            disabled={items.some(inFlight)}
            allowDeselect={false}
          />
          <DropZone onFiles={deposit.add} />
          <div role="status">
            {queued > 0 && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconCloudPause size={20} aria-hidden />}
                styles={{ message: { color: '#5f3000' } }}
              >
                {queued === 1
                  ? 'Fichier enregistré sur cet appareil : il sera déposé au retour du réseau.'
                  : `${queued} fichiers enregistrés sur cet appareil : ils seront déposés au retour du réseau.`}
              </Alert>
            )}
          </div>
          <UploadList
            items={items}
            onCancel={(item) => deposit.cancel(item.key)}
            onDiscard={setToDiscard}
            onRemove={(item) => deposit.remove(item.key)}
            onRetry={deposit.retry}
          />
          {/* Actions on the left: the success toast appears bottom right and must not cover them. */}
          <Group wrap="wrap">
            <Button
              size="md"
              leftSection={<IconUpload size={18} />}
              onClick={() => void send()}
              loading={running}
              disabled={toSend === 0}
            >
              {depositButtonLabel(toSend)}
            </Button>
            {finished > 0 && !running && (
              <Button component={Link} to="/ma-bannette" variant="light" size="md">
                Voir ma bannette
              </Button>
            )}
            <Text size="sm" c="dimmed">
              {items.length === 0
                ? 'Aucun fichier choisi.'
                : `${items.length} fichier${items.length > 1 ? 's' : ''} dans la liste.`}
            </Text>
          </Group>
        </>
      )}
      <DiscardQueuedModal
        name={toDiscard?.file.name ?? null}
        onClose={() => setToDiscard(null)}
        onConfirm={() => deposit.discard(toDiscard!)}
      />
    </Stack>
  );
}
