import { Button } from '@mantine/core';
import { IconCreditCard, IconCloudOff } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { startPayment } from '../api/my-account-api';
import { goToProvider } from './go-to-provider';

export const PAYMENT_ERROR = 'Le paiement par carte n’a pas pu commencer';

/**
 * « Payer par carte »: the server creates the provider's session (amount, reference and return
 * URLs are its own, never the page's), then the browser goes to the provider's page. Online only:
 * offline the button says why it is disabled instead of failing on click.
 */
export function PayButton({
  invoiceId,
  label,
  accessibleName,
  size = 'sm',
}: {
  /** null: the statement's balance. */
  invoiceId: number | null;
  label: string;
  accessibleName?: string;
  size?: 'sm' | 'md';
}) {
  const online = useOnline();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const [busy, setBusy] = useState(false);
  if (!online) {
    return (
      <Button size={size} mih={44} variant="default" disabled leftSection={<IconCloudOff size={18} aria-hidden />}>
        Paiement indisponible hors ligne
      </Button>
    );
  }
  const pay = async () => {
    if (companyId === undefined) return;
    setBusy(true);
    try {
      const session = await startPayment(invoiceId, companyId);
      goToProvider(session.redirectUrl);
      // The page is leaving: the button stays busy until it has.
    } catch (error) {
      setBusy(false);
      const { message } = await readApiError(error);
      toastError(PAYMENT_ERROR, message ?? 'Le service de paiement est injoignable, réessayez dans un instant.');
    }
  };
  return (
    <Button
      size={size}
      mih={44}
      leftSection={<IconCreditCard size={18} aria-hidden />}
      loading={busy}
      onClick={() => void pay()}
      aria-label={accessibleName}
    >
      {label}
    </Button>
  );
}
