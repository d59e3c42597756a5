import { Alert, Button, Group, Image, Modal, ScrollArea, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { PdfViewer } from '../../../components/pdf-viewer/pdf-viewer';
import { downloadDocument, fetchDocumentBlob, type DocumentItem } from '../api/documents-api';
import { formatBytes } from '../../../domain/format';

type Preview = { kind: 'pdf'; blob: Blob } | { kind: 'image'; url: string } | { kind: 'text'; text: string } | { kind: 'none' } | { kind: 'error' };

const kindOf = (mime: string): 'pdf' | 'image' | 'text' | 'none' =>
  mime === 'application/pdf' ? 'pdf' : mime.startsWith('image/') ? 'image' : mime.startsWith('text/') ? 'text' : 'none';

/** Spec 2.7's dialog for stored documents: the file shown in the app (PDF, image, text), with "Télécharger". */
export function DocumentPreview({ doc: current, canDownload, onClose }: { doc: DocumentItem | null; canDownload: boolean; onClose: () => void }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  // The closing animation still shows the last document (the dialog keeps its name until it is gone).
  const [doc, setDoc] = useState(current);
  useEffect(() => {
    if (current) setDoc(current);
  }, [current]);

  const onPdfError = useCallback(() => setPreview({ kind: 'error' }), []);
  useEffect(() => {
    if (!doc) return;
    const kind = kindOf(doc.mimeType);
    setPreview(kind === 'none' ? { kind: 'none' } : null);
    if (kind === 'none') return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchDocumentBlob(doc.id, 'view', controller.signal)
      .then(async (blob) => {
        if (kind === 'text') return setPreview({ kind: 'text', text: await blob.text() });
        // PDFs are drawn by pdf.js: Android Chrome and installed iOS apps show nothing in an iframe.
        if (kind === 'pdf') return setPreview({ kind, blob });
        url = URL.createObjectURL(blob);
        setPreview({ kind, url });
      })
      .catch(() => !controller.signal.aborted && setPreview({ kind: 'error' }));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc]);

  return (
    <Modal opened={current !== null} onClose={onClose} size={850} title={doc ? `Aperçu de votre document : ${doc.name}` : ''} centered
      closeButtonProps={{ 'aria-label': 'Fermer l’aperçu' }}
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}>
      {doc && (
        <Stack>
          <Text size="sm" c="dimmed">{doc.categoryPath} · {formatBytes(doc.size)}</Text>
          {preview === null && <><Skeleton height={480} radius="sm" /><VisuallyHidden>Chargement du document…</VisuallyHidden></>}
          {preview?.kind === 'pdf' && <PdfViewer file={preview.blob} title={doc.name} onError={onPdfError} />}
          {preview?.kind === 'image' && <Image src={preview.url} alt={doc.name} fit="contain" mah="70vh" />}
          {preview?.kind === 'text' && (
            <ScrollArea h="60vh" type="auto"><pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{preview.text}</pre></ScrollArea>
          )}
          {preview?.kind === 'none' && <Alert color="gray">L’aperçu n’est pas disponible pour ce type de fichier. Téléchargez-le pour l’ouvrir.</Alert>}
          {preview?.kind === 'error' && <Alert color="red">Erreur lors de l’ouverture de la prévisualisation du document.</Alert>}
          {canDownload && (
            <Group justify="flex-end">
              <Button leftSection={<IconDownload size={18} />} onClick={() => void downloadDocument(doc)}>Télécharger</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
