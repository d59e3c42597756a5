// State of the PDF dialog (NAV-20): opened with skeletons, then the file or the failure.
// Closing clears the file and its name, then runs what the opener asked for (e.g. go to the list).
import { useCallback, useRef, useState } from 'react';

export interface PdfDialogState {
  opened: boolean;
  loading: boolean;
  file: Blob | null;
  fileName: string;
  error: string | null;
  /** The invoice the dialog shows can be sent (validated, with an id). */
  sendable: boolean;
}

const CLOSED: PdfDialogState = {
  opened: false,
  loading: false,
  file: null,
  fileName: '',
  error: null,
  sendable: false,
};

export function usePdfDialog() {
  const [dialog, setDialog] = useState<PdfDialogState>(CLOSED);
  const afterClose = useRef<(() => void) | null>(null);
  const start = useCallback((fileName: string, opts: { sendable?: boolean; afterClose?: () => void } = {}) => {
    afterClose.current = opts.afterClose ?? null;
    setDialog({ ...CLOSED, opened: true, loading: true, fileName, sendable: !!opts.sendable });
  }, []);
  const show = useCallback(
    (file: Blob, fileName?: string) =>
      setDialog((d) => ({ ...d, loading: false, file, fileName: fileName ?? d.fileName })),
    [],
  );
  const fail = useCallback((error: string) => setDialog((d) => ({ ...d, loading: false, error })), []);
  const close = useCallback(() => {
    setDialog(CLOSED);
    const then = afterClose.current;
    afterClose.current = null;
    then?.();
  }, []);
  return { dialog, start, show, fail, close };
}

export type PdfDialogApi = ReturnType<typeof usePdfDialog>;
