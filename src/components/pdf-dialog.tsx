import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useCallback } from 'react';
import { saveBlob } from '../lib/download';
import { useStateFor } from '../lib/use-state-for';
import { PdfViewer } from './pdf-viewer/pdf-viewer';

export const PDF_DIALOG_ERROR = 'Erreur lors de l’ouverture de la prévisualisation du PDF';

export interface PdfDialogProps {
  opened: boolean;
  onClose: () => void;
  file: Blob | null;
  fileName: string;
  loading: boolean;
  /** NAV-21: "Envoyer" only when the invoice has an id. */
  canSend: boolean;
  onSend?: () => void;
  sending?: boolean;
  /** Why the file could not be produced (shown instead of the document). */
  error?: string | null;
}

/**
 * NAV-20, NAV-21: "Aperçu de votre document : <name>", at most 850 wide, the PDF with "Télécharger",
 * "Envoyer" when the invoice has an id, skeletons while the file loads. The parent clears the
 * file and its name on close (onClose).
 */
export function PdfDialog({
  opened,
  onClose,
  file,
  fileName,
  loading,
  canSend,
  onSend,
  sending = false,
  error = null,
}: PdfDialogProps) {
  // The viewer's error is the file's: another file starts without one.
  const [viewerError, setViewerError] = useStateFor<string | null>(file, null);
  const onViewerError = useCallback((message: string) => setViewerError(message), [setViewerError]);
  const failure = error ?? viewerError;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={850}
      title={`Aperçu de votre document : ${fileName}`}
      closeButtonProps={{ 'aria-label': 'Fermer l’aperçu' }}
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" title={PDF_DIALOG_ERROR}>
            {failure}
          </Alert>
        ) : loading || !file || !opened ? (
          <Stack gap="sm" aria-busy="true" aria-label="Chargement du document">
            <Skeleton height={28} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="90%" />
            <Skeleton height={420} />
          </Stack>
        ) : (
          <PdfViewer file={file} title={fileName} onError={onViewerError} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} mih={44}>
            Fermer
          </Button>
          <Button
            leftSection={<IconDownload size={18} />}
            variant="light"
            disabled={!file || loading}
            onClick={() => file && saveBlob(file, fileName)}
            mih={44}
          >
            Télécharger
          </Button>
          {canSend && onSend && (
            <Button
              leftSection={<IconSend size={18} />}
              disabled={!file || loading}
              loading={sending}
              onClick={onSend}
              mih={44}
            >
              Envoyer
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
