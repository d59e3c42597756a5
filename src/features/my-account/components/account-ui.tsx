import { Alert, Badge } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { FirmInvoice } from '../../../contract/my-account';
import { STATUS_COLORS } from '../my-account-model';

/** Amounts aligned on their digits in every table of « Mon compte ». */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

export function StatusBadge({ invoice }: { invoice: FirmInvoice }) {
  return (
    // Sentence case and never cut: « En retard » must be read whole, even in a narrow column.
    <Badge
      color={STATUS_COLORS[invoice.status]}
      variant="filled"
      size="md"
      radius="sm"
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
      style={{ whiteSpace: 'nowrap' }}
    >
      {invoice.statusLabel}
    </Badge>
  );
}

/** The company is not linked to a customer record of the firm yet (firm: null). */
export function NotOpenYet() {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconBuildingBank size={20} aria-hidden />}
      title="Votre compte n’est pas encore ouvert par votre cabinet"
    >
      Dès que votre cabinet comptable aura rattaché votre société à son fichier clients, vous retrouverez ici ses
      factures, votre extrait de compte et le paiement par carte.
    </Alert>
  );
}
