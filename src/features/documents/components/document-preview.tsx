import { Alert, Button, Group, Image, Modal, ScrollArea, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServerData } from '../../../data/sync/use-server-data';
import { PdfViewer } from '../../../components/pdf-viewer/pdf-viewer';
import { downloadDocument, type DocumentItem } from '../api/documents-api';
import { formatBytes } from '../../../domain/format';
import { previewData } from '../documents-data';

type Preview =
  | { kind: 'pdf'; blob: Blob }
  | { kind: 'image'; url: string }
  | { kind: 'text'; text: string }
  | { kind: 'none' }
  | { kind: 'error' };

const kindOf = (mime: string): 'pdf' | 'image' | 'text' | 'none' =>
  mime === 'application/pdf' ? 'pdf' : mime.startsWith('image/') ? 'image' : mime.startsWith('text/') ? 'text' : 'none';

/** What the dialog shows of `doc`; null while its file loads. */
function previewOf(
  doc: DocumentItem | null,
  kind: ReturnType<typeof kindOf>,
  read: { file: Blob | string | undefined; loading: boolean; pdfFailed: boolean },
  url: string | null,
): Preview | null {
  const { file } = read;
  if (!doc || kind === 'none') return { kind: 'none' };
  if (read.pdfFailed || (file === undefined && !read.loading)) return { kind: 'error' };
  if (typeof file === 'string') return { kind: 'text', text: file };
  if (file && kind === 'pdf') return { kind, blob: file };
  if (file && url) return { kind: 'image', url };
  return null;
}

/** The dialog of NAV-20 for stored documents: the file shown in the app (PDF, image, text), with "Télécharger". */
export function DocumentPreview({
  doc: current,
  canDownload,
  onClose,
}: {
  doc: DocumentItem | null;
  canDownload: boolean;
  onClose: () => void;
}) {
  // The closing animation still shows the last document (the dialog keeps its name until it is gone).
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const doc = current ?? last;

  const [pdfFailed, setPdfFailed] = useState<number | null>(null);
  const onPdfError = useCallback(() => setPdfFailed(doc?.id ?? null), [doc]);
  const kind = doc ? kindOf(doc.mimeType) : 'none';
  const read = useServerData(previewData, doc && kind !== 'none' ? { id: doc.id, text: kind === 'text' } : null);
  const file = read.data;
  // An object URL is a browser resource: made for the image shown, released when it changes.
  const url = useMemo(
    () => (kind === 'image' && file instanceof Blob ? URL.createObjectURL(file) : null),
    [kind, file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const preview = previewOf(doc, kind, { file, loading: read.loading, pdfFailed: pdfFailed === doc?.id }, url);

  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      size={850}
      title={doc ? `Aperçu de votre document : ${doc.name}` : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Fermer l’aperçu' }}
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}
    >
      {doc && (
        <Stack>
          <Text size="sm" c="dimmed">
            {doc.categoryPath} · {formatBytes(doc.size)}
          </Text>
          {preview === null && (
            <>
              <Skeleton height={480} radius="sm" />
              <VisuallyHidden>Chargement du document…</VisuallyHidden>
            </>
          )}
          {preview?.kind === 'pdf' && <PdfViewer file={preview.blob} title={doc.name} onError={onPdfError} />}
          {preview?.kind === 'image' && <Image src={preview.url} alt={doc.name} fit="contain" mah="70vh" />}
          {preview?.kind === 'text' && (
            <ScrollArea h="60vh" type="auto">
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{preview.text}</pre>
            </ScrollArea>
          )}
          {preview?.kind === 'none' && (
            <Alert color="gray">
              L’aperçu n’est pas disponible pour ce type de fichier. Téléchargez-le pour l’ouvrir.
            </Alert>
          )}
          {preview?.kind === 'error' && (
            <Alert color="red">Erreur lors de l’ouverture de la prévisualisation du document.</Alert>
          )}
          {canDownload && (
            <Group justify="flex-end">
              <Button leftSection={<IconDownload size={18} />} onClick={() => void downloadDocument(doc)}>
                Télécharger
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
