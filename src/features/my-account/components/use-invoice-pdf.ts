// The stored PDF of a firm invoice: shown in the app's PDF dialog (NAV-20) or saved at once.
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import type { FirmInvoice } from '../../../contract/my-account';
import { saveBlob } from '../../../lib/download';
import { readApiError } from '../../../lib/http';
import { currentCompanyAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { fetchInvoicePdf } from '../api/my-account-api';

export interface PdfState {
  opened: boolean;
  loading: boolean;
  file: Blob | null;
  fileName: string;
  error: string | null;
}

const CLOSED: PdfState = { opened: false, loading: false, file: null, fileName: '', error: null };

export function useInvoicePdf() {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const [state, setState] = useState<PdfState>(CLOSED);

  const view = useCallback(
    async (invoice: FirmInvoice) => {
      if (companyId === undefined) return;
      setState({ ...CLOSED, opened: true, loading: true, fileName: `${invoice.number}.pdf` });
      try {
        const { blob, name } = await fetchInvoicePdf(invoice.id, invoice.number, companyId, false);
        setState((s) => ({ ...s, loading: false, file: blob, fileName: name }));
      } catch (error) {
        const { message } = await readApiError(error);
        setState((s) => ({ ...s, loading: false, error: message ?? 'Le document est injoignable.' }));
      }
    },
    [companyId],
  );

  const download = useCallback(
    async (invoice: FirmInvoice) => {
      if (companyId === undefined) return;
      try {
        const { blob, name } = await fetchInvoicePdf(invoice.id, invoice.number, companyId, true);
        saveBlob(blob, name);
      } catch (error) {
        const { message } = await readApiError(error);
        toastError('Erreur lors du téléchargement de la facture', message ?? undefined);
      }
    },
    [companyId],
  );

  // Closing clears the file and its name (NAV-20).
  const close = useCallback(() => setState(CLOSED), []);
  return { state, view, download, close };
}
