import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import type { FirmInvoice } from '../../../contract/my-account';
import { payable } from '../my-account-model';
import { PayButton } from './pay-button';

export interface InvoiceActionProps {
  canDownload: boolean;
  onView: (invoice: FirmInvoice) => void;
  onDownload: (invoice: FirmInvoice) => void;
}

/** A firm invoice's PDF (seen, downloaded) and its card payment: the same buttons in a row or a card. */
export function InvoiceActions({
  invoice,
  canDownload,
  onView,
  onDownload,
}: InvoiceActionProps & { invoice: FirmInvoice }) {
  return (
    <Group gap={6} wrap="nowrap">
      {canDownload && (
        <>
          <Tooltip label="Voir le PDF">
            <ActionIcon
              variant="light"
              size={44}
              aria-label={`Voir le PDF de ${invoice.number}`}
              onClick={() => onView(invoice)}
            >
              <IconEye size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Télécharger le PDF">
            <ActionIcon
              variant="light"
              size={44}
              aria-label={`Télécharger ${invoice.number}`}
              onClick={() => onDownload(invoice)}
            >
              <IconDownload size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {payable(invoice) && (
        <PayButton
          invoiceId={invoice.id}
          label="Payer par carte"
          accessibleName={`Payer par carte ${invoice.number}`}
        />
      )}
    </Group>
  );
}
