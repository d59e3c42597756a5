import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { PdfViewer } from '../../../components/pdf-viewer/pdf-viewer';
import type { BusinessDocumentModel } from '../../../pdf/types';
import { renderInBrowser } from '../api/preview';

const DEBOUNCE_MS = 900;

/**
 * Wide screens: the document as it will print, beside the form, redrawn in the browser a moment
 * after each change (the same renderer as "Aperçu" offline; no request per keystroke).
 */
export function LivePreview({ model, title }: { model: BusinessDocumentModel | null; title: string }) {
  const [file, setFile] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = model ? JSON.stringify(model) : '';
  useEffect(() => {
    if (!model) return;
    let live = true;
    const timer = setTimeout(() => {
      renderInBrowser(model).then(
        (blob) => live && (setFile(blob), setError(null)),
        (e: unknown) => live && setError(String((e as Error)?.message ?? e)),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The serialised model is the dependency: a new object with the same content draws nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is the serialised model
  }, [key]);
  const onError = useCallback((message: string) => setError(message), []);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label="Aperçu en direct"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0rem) + 12px)' }}
    >
      <Stack gap="xs">
        <Title order={2} size="h5">
          Aperçu en direct
        </Title>
        {!model && (
          <Text size="sm" c="dimmed">
            L’aperçu s’affiche dès que les informations de votre société sont chargées sur cet appareil.
          </Text>
        )}
        {error && (
          <Alert color="red" title="Aperçu indisponible">
            {error}
          </Alert>
        )}
        {file && !error && <PdfViewer file={file} title={title} onError={onError} />}
      </Stack>
    </Paper>
  );
}
