import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { categoryPathLabel, depositCategoryIds } from '../../../domain/document-categories';
import { profileAtom } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { uploadToInbox } from '../api/upload-to-inbox';
import { addFiles, depositButtonLabel, patchItem, removeItem, sendable, type UploadItem } from '../upload-queue';
import { DropZone } from './drop-zone';
import { UploadList } from './upload-list';

const PARALLEL_UPLOADS = 2;

/** /ma-bannette/deposer: choose a category, drop files, watch each one go up; cancel any. */
export function DepositPage() {
  const profile = useAtomValue(profileAtom);
  const categories = depositCategoryIds(profile?.categoriesInbox ?? []).map((id) => ({ value: String(id), label: categoryPathLabel(id) }));
  const [category, setCategory] = useState<string | null>(categories.length === 1 ? categories[0].value : null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(0);
  const controllers = useRef(new Map<string, AbortController>());
  // The workers read the live list: a file removed from the list while others upload is skipped.
  const live = useRef(items);
  live.current = items;
  // Leaving the screen stops what is still being sent.
  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);

  async function sendOne(item: UploadItem, categoryId: number): Promise<boolean> {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    setItems((list) => patchItem(list, item.key, { state: 'uploading', loaded: 0, message: null }));
    const result = await uploadToInbox([item.file], categoryId, {
      signal: controller.signal,
      idempotencyKey: item.idempotencyKey,
      onProgress: (loaded, total) => setItems((list) => patchItem(list, item.key, { loaded, total: total || item.file.size })),
    });
    controllers.current.delete(item.key);
    if (result.status === 'done') setItems((list) => patchItem(list, item.key, { state: 'done' }));
    else if (result.status === 'cancelled') setItems((list) => patchItem(list, item.key, { state: 'cancelled' }));
    else setItems((list) => patchItem(list, item.key, { state: 'failed', message: result.message }));
    return result.status === 'done';
  }

  async function deposit() {
    if (!category) {
      setCategoryError('Choisissez la catégorie de votre dépôt.');
      return;
    }
    const queue = sendable(items);
    if (queue.length === 0) return;
    setRunning(true);
    let done = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const current = live.current.find((i) => i.key === next!.key);
        if (current && sendable([current]).length && (await sendOne(current, Number(category)))) done++;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    setRunning(false);
    if (done > 0) {
      setFinished((n) => n + done);
      toastSuccess('Dépôt effectué', done === 1 ? 'Votre fichier a été déposé dans votre bannette.' : `Vos ${done} fichiers ont été déposés dans votre bannette.`);
    }
  }

  const toSend = sendable(items).length;
  const uploading = items.some((i) => i.state === 'uploading');
  return (
    <Stack maw={960}>
      <PageHeader title="Déposer des fichiers" description="Transmettez vos pièces à votre cabinet : elles arrivent dans votre bannette puis sont classées par le cabinet."
        actions={<Button component={Link} to="/ma-bannette" variant="light" size="md">Mes dépôts de fichiers</Button>} />
      {categories.length === 0 ? (
        <Alert color="yellow" title="Aucune catégorie de dépôt">Votre cabinet ne vous a ouvert aucune catégorie de dépôt. Contactez-le pour déposer des fichiers.</Alert>
      ) : (
        <>
          <Select label="Catégorie du dépôt" placeholder="Choisissez une catégorie" data={categories} value={category} required size="md" maw={420}
            onChange={(v) => { setCategory(v); setCategoryError(null); }} error={categoryError} disabled={uploading} allowDeselect={false} />
          <DropZone onFiles={(files) => setItems((list) => addFiles(list, files, () => crypto.randomUUID()))} />
          <UploadList items={items}
            onCancel={(key) => controllers.current.get(key)?.abort()}
            onRemove={(key) => setItems((list) => removeItem(list, key))}
            onRetry={(key) => setItems((list) => patchItem(list, key, { state: 'ready', message: null, loaded: 0 }))} />
          {/* Actions on the left: the success toast appears bottom right and must not cover them. */}
          <Group wrap="wrap">
            <Button size="md" leftSection={<IconUpload size={18} />} onClick={() => void deposit()} loading={running} disabled={toSend === 0}>
              {depositButtonLabel(toSend)}
            </Button>
            {finished > 0 && !running && <Button component={Link} to="/ma-bannette" variant="light" size="md">Voir ma bannette</Button>}
            <Text size="sm" c="dimmed">{items.length === 0 ? 'Aucun fichier choisi.' : `${items.length} fichier${items.length > 1 ? 's' : ''} dans la liste.`}</Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
