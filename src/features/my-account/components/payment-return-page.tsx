import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import type { CardPayment } from '../../../contract/my-account';
import { PageHeader } from '../../../components/page/page-header';
import { formatMoney } from '../../../domain/format';
import { accountPaths } from '../my-account-model';
import { usePaymentState } from './use-payment-state';

const LOOK: Record<CardPayment['status'], { color: string; icon: typeof IconCircleCheck }> = {
  accepted: { color: 'teal', icon: IconCircleCheck },
  refused: { color: 'red', icon: IconCircleX },
  pending: { color: 'blue', icon: IconClockHour4 },
};

/**
 * Where the provider sends the client back (…/paiement/<id>). The verdict is the server's (from the
 * provider's signed notification), never anything the address says: a forged return URL shows
 * only what the server knows.
 */
export function PaymentReturnPage() {
  const { paiement: param } = useParams({ strict: false }) as { paiement?: string };
  const paiement = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const read = usePaymentState(paiement);
  const payment = read.data;
  const paths = accountPaths();

  return (
    <Stack gap="md" maw={720}>
      <PageHeader title="Paiement par carte" />
      {!paiement || (read.error?.httpStatus === 404 && !payment) ? (
        <Alert color="gray" title="Paiement introuvable">
          Ce paiement n’existe pas pour la société en cours.
        </Alert>
      ) : !payment ? (
        read.status === 'error' || read.status === 'offline' ? (
          <Alert color="red" title="État du paiement indisponible">
            {read.error?.message ?? 'Le serveur est injoignable. Réessayez dans un instant.'}
          </Alert>
        ) : (
          <Group gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text>Lecture de l’état du paiement…</Text>
          </Group>
        )
      ) : (
        <PaymentVerdict payment={payment} gaveUp={read.gaveUp} onAskAgain={read.askAgain} />
      )}
      <Group gap="lg">
        <Anchor component={Link} to={paths.invoices}>
          Retour à mes factures
        </Anchor>
        <Anchor component={Link} to={paths.statement}>
          Voir mon extrait de compte
        </Anchor>
      </Group>
    </Stack>
  );
}

function PaymentVerdict({
  payment,
  gaveUp,
  onAskAgain,
}: {
  payment: CardPayment;
  gaveUp: boolean;
  onAskAgain: () => void;
}) {
  const { color, icon: Icon } = LOOK[payment.status];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={24} aria-hidden />}
      title={payment.statusLabel}
      role="status"
      aria-live="polite"
    >
      <Stack gap="xs">
        <Text>
          {formatMoney(payment.amount)} · {payment.reference}
        </Text>
        {payment.status === 'accepted' && <Text>Merci, votre règlement est enregistré auprès de votre cabinet.</Text>}
        {payment.status === 'refused' && (
          <Text>Aucun montant n’a été débité. Vous pouvez réessayer avec une autre carte depuis vos factures.</Text>
        )}
        {payment.status === 'pending' &&
          (gaveUp ? (
            <Group gap="sm">
              <Text>La confirmation du prestataire se fait attendre.</Text>
              <Button variant="light" mih={44} onClick={onAskAgain}>
                Vérifier à nouveau
              </Button>
            </Group>
          ) : (
            <Text>Nous attendons la confirmation du prestataire de paiement…</Text>
          ))}
      </Stack>
    </Alert>
  );
}
