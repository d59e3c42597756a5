import { ActionIcon, Box, Group, Loader, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useStateFor } from '../../lib/use-state-for';
import { loadPdfJs } from './load-pdfjs';
import { nextZoom, scaleFor } from './zoom';

export interface PdfViewerProps {
  file: Blob;
  /** Accessible name of the drawn page ("Page 1 sur 2 : <title>"). */
  title: string;
  onError: (message: string) => void;
}

/**
 * The preview of NAV-20 drawn with pdf.js on a canvas: an <object>/<iframe> shows nothing on Android
 * Chrome and in installed iOS apps. One page at a time, fitted to the width,
 * with page navigation and zoom; the text stays available through "Télécharger".
 */
export function PdfViewer({ file, title, onError }: PdfViewerProps) {
  const doc = usePdfDocument(file, onError);
  // Another document opens on its first page.
  const [pageNumber, setPageNumber] = useStateFor(doc, 1);
  const [zoom, setZoom] = useState(1);
  const { ref: frame, width } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState(true);

  useEffect(() => {
    if (!doc || !canvas.current || width <= 0) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    setDrawing(true);
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled || !canvas.current) return;
        const viewport = page.getViewport({ scale: scaleFor(width, page.getViewport({ scale: 1 }).width, zoom) });
        const ratio = window.devicePixelRatio || 1;
        const el = canvas.current;
        el.width = Math.floor(viewport.width * ratio);
        el.height = Math.floor(viewport.height * ratio);
        el.style.width = `${Math.floor(viewport.width)}px`;
        el.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({ canvas: el, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (!cancelled) {
          el.dataset.renderedPage = String(pageNumber);
          setDrawing(false);
        }
      } catch (e) {
        if (!cancelled && (e as { name?: string })?.name !== 'RenderingCancelledException') onError(messageOf(e));
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, zoom, width, onError]);

  const pages = doc?.numPages ?? 0;
  return (
    <Box>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <Nav label="Page précédente" disabled={!doc || pageNumber <= 1} onClick={() => setPageNumber((p) => p - 1)}>
            <IconChevronLeft size={20} />
          </Nav>
          <Text size="sm" aria-live="polite" miw={96} ta="center">
            {doc ? `Page ${pageNumber} sur ${pages}` : 'Chargement…'}
          </Text>
          <Nav label="Page suivante" disabled={!doc || pageNumber >= pages} onClick={() => setPageNumber((p) => p + 1)}>
            <IconChevronRight size={20} />
          </Nav>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Nav
            label="Zoom arrière"
            disabled={!doc || nextZoom(zoom, -1) === zoom}
            onClick={() => setZoom((z) => nextZoom(z, -1))}
          >
            <IconZoomOut size={20} />
          </Nav>
          <Text size="sm" miw={48} ta="center" aria-label={`Zoom ${Math.round(zoom * 100)} %`}>
            {Math.round(zoom * 100)} %
          </Text>
          <Nav
            label="Zoom avant"
            disabled={!doc || nextZoom(zoom, 1) === zoom}
            onClick={() => setZoom((z) => nextZoom(z, 1))}
          >
            <IconZoomIn size={20} />
          </Nav>
          <Nav label="Ajuster à la largeur" disabled={!doc || zoom === 1} onClick={() => setZoom(1)}>
            <IconZoomReset size={20} />
          </Nav>
        </Group>
      </Group>
      <Box
        ref={frame}
        pos="relative"
        h="min(70vh, 900px)"
        style={{
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
          background: 'var(--mantine-color-gray-1)',
        }}
        tabIndex={0}
        aria-label={`Aperçu du document, page ${pageNumber}`}
      >
        {drawing && (
          <Loader
            size="md"
            pos="absolute"
            top="40%"
            left="50%"
            style={{ transform: 'translateX(-50%)' }}
            role="status"
            aria-label="Chargement du document"
          />
        )}
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Page ${pageNumber} sur ${pages || 1} : ${title}`}
          style={{ display: 'block', margin: '0 auto', background: 'white' }}
        />
      </Box>
    </Box>
  );
}

function Nav({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant="default" size={44} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Opens the blob with pdf.js; the document is destroyed (worker memory freed) when the blob changes. */
function usePdfDocument(file: Blob, onError: (message: string) => void): PDFDocumentProxy | null {
  // The document opened for this blob; none while another blob's is still the one held.
  const [held, setHeld] = useState<{ file: Blob; doc: PDFDocumentProxy } | null>(null);
  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    void (async () => {
      try {
        const [pdfjs, bytes] = await Promise.all([loadPdfJs(), file.arrayBuffer()]);
        // isEvalSupported false: the app's Content-Security-Policy forbids eval.
        opened = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
        if (cancelled) void opened.destroy();
        else setHeld({ file, doc: opened });
      } catch (e) {
        if (!cancelled) onError(messageOf(e));
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [file, onError]);
  return held?.file === file ? held.doc : null;
}

function messageOf(e: unknown): string {
  const name = (e as { name?: string })?.name;
  if (name === 'InvalidPDFException') return 'Le fichier n’est pas un PDF lisible.';
  if (name === 'ChunkLoadError' || /import|fetch/i.test(String((e as Error)?.message))) {
    return 'Le lecteur de PDF n’a pas pu être chargé. Vérifiez votre connexion ou utilisez « Télécharger ».';
  }
  return 'Le document n’a pas pu être affiché. Utilisez « Télécharger » pour l’ouvrir.';
}
