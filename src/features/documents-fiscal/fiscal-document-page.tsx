import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { PdfViewer } from '../../components/pdf-viewer/pdf-viewer';
import { useServerData } from '../../data/sync/use-server-data';
import { formatBytes, formatDateTime } from '../../domain/format';
import { can } from '../../domain/rights';
import { saveBlob } from '../../lib/download';
import { profileAtom } from '../../lib/session';
import { fiscalDocumentData, fiscalFileData } from './documents-fiscal-data';
import { downloadFiscalDocument } from './fiscal-api';

const NOT_FOUND = 'Ce document fiscal est introuvable, ou il n’est pas accessible avec vos droits.';

/**
 * /fiscadas/{id} (decision 045): one fiscal document of the company (Bilan and liasse fiscale, VAT
 * return, « Fiscal » deposit) opened in the PDF viewer; the documents' read rules apply.
 */
export function FiscalDocumentPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const docId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const profile = useAtomValue(profileAtom);
  const card = useServerData(fiscalDocumentData, docId === null ? null : { id: docId });
  const doc = card.data;
  const isPdf = doc?.mimeType === 'application/pdf';
  const file = useServerData(fiscalFileData, doc && isPdf ? { id: doc.id } : null);
  const [viewerError, setViewerError] = useState<string | null>(null);
  const onViewerError = useCallback((message: string) => setViewerError(message), []);

  const missing = docId === null || card.error?.httpStatus === 404 || card.error?.httpStatus === 403;
  if (missing)
    return (
      <Stack maw={900}>
        <PageHeader title="Document fiscal" />
        <Alert color="yellow" title="Document introuvable">
          {NOT_FOUND}
        </Alert>
        <Anchor component={Link} to="/mes-documents">
          Voir mes documents
        </Anchor>
      </Stack>
    );
  if (!doc)
    return (
      <Stack maw={900} aria-busy="true">
        {card.status === 'error' || card.status === 'offline' ? (
          <Alert color="red">Le document n’a pas pu être chargé. Vérifiez votre connexion puis réessayez.</Alert>
        ) : (
          <>
            <Skeleton h={40} w={320} />
            <Skeleton h={480} />
          </>
        )}
      </Stack>
    );

  const canDownload = can(profile, 'download', { menu: 'mesDocuments' });
  return (
    <Stack maw={900}>
      <PageHeader
        title={doc.name}
        description={`${doc.categoryPath} · ${formatBytes(doc.size)} · déposé le ${formatDateTime(doc.createdAt)}`}
        actions={
          canDownload && (
            <Button
              leftSection={<IconDownload size={18} />}
              variant="light"
              mih={44}
              onClick={() =>
                void downloadFiscalDocument(doc).then((blob) => {
                  if (blob) saveBlob(blob, doc.name);
                })
              }
            >
              Télécharger
            </Button>
          )
        }
      />
      <Card withBorder padding="md">
        {!isPdf ? (
          <Alert color="gray">
            L’aperçu n’est pas disponible pour ce type de fichier. Téléchargez-le pour l’ouvrir.
          </Alert>
        ) : viewerError || (!file.data && !file.loading) ? (
          <Alert color="red" title="Erreur lors de l’ouverture de la prévisualisation du PDF">
            {viewerError ?? 'Le fichier n’a pas pu être chargé.'}
          </Alert>
        ) : file.data ? (
          <PdfViewer file={file.data} title={doc.name} onError={onViewerError} />
        ) : (
          <Skeleton h={480} aria-label="Chargement du document" />
        )}
      </Card>
      <Group>
        <Text size="sm" c="dimmed">
          Retrouvez tous les documents de la société dans{' '}
          <Anchor component={Link} to="/mes-documents">
            Mes documents
          </Anchor>
          .
        </Text>
      </Group>
    </Stack>
  );
}
