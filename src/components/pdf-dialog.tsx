import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { saveBlob } from '../lib/download';

export const PDF_DIALOG_ERROR = 'Erreur lors de l’ouverture de la prévisualisation du PDF';

export interface PdfDialogProps {
  opened: boolean;
  onClose: () => void;
  file: Blob | null;
  fileName: string;
  loading: boolean;
  /** Spec 2.7: "Envoyer" only when the invoice has an id. */
  canSend: boolean;
  onSend?: () => void;
  sending?: boolean;
  /** Why the file could not be produced (shown instead of the document). */
  error?: string | null;
}

/** The file as an object URL for the viewer, revoked when it changes or the dialog goes. */
function useObjectUrl(file: Blob | null): { url: string | null; error: string | null } {
  const [state, setState] = useState<{ url: string | null; error: string | null }>({ url: null, error: null });
  useEffect(() => {
    if (!file) {
      setState({ url: null, error: null });
      return;
    }
    let url: string | null = null;
    try {
      url = URL.createObjectURL(file);
      setState({ url, error: null });
    } catch (e) {
      setState({ url: null, error: String((e as Error)?.message ?? e) });
    }
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  return state;
}

/**
 * Spec 2.7: "Aperçu de votre document : <name>", at most 850 wide, the PDF with "Télécharger",
 * "Envoyer" when the invoice has an id, skeletons while the file loads. The parent clears the
 * file and its name on close (onClose).
 */
export function PdfDialog({ opened, onClose, file, fileName, loading, canSend, onSend, sending = false, error = null }: PdfDialogProps) {
  const { url, error: urlError } = useObjectUrl(opened ? file : null);
  const failure = error ?? urlError;
  return (
    <Modal opened={opened} onClose={onClose} size={850} title={`Aperçu de votre document : ${fileName}`}
      closeButtonProps={{ 'aria-label': 'Fermer l’aperçu' }} styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" title={PDF_DIALOG_ERROR}>{failure}</Alert>
        ) : loading || !url ? (
          <Stack gap="sm" aria-busy="true" aria-label="Chargement du document">
            <Skeleton height={28} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="90%" />
            <Skeleton height={420} />
          </Stack>
        ) : (
          <object data={url} type="application/pdf" title={`Document PDF : ${fileName}`} style={{ width: '100%', height: 'min(70vh, 900px)', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
            <Text size="sm" p="md">Votre navigateur ne peut pas afficher le PDF ici : utilisez « Télécharger ».</Text>
          </object>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} mih={44}>Fermer</Button>
          <Button leftSection={<IconDownload size={18} />} variant="light" disabled={!file || loading} onClick={() => file && saveBlob(file, fileName)} mih={44}>Télécharger</Button>
          {canSend && onSend && (
            <Button leftSection={<IconSend size={18} />} disabled={!file || loading} loading={sending} onClick={onSend} mih={44}>Envoyer</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
