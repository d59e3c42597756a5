import { Alert, Anchor, Button, Card, FileButton, Group, List, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudOff, IconFileUpload, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { ListPagination } from '../../../components/page/list-pagination';
import { PageHeader } from '../../../components/page/page-header';
import { useServerData } from '../../../data/sync/use-server-data';
import { can } from '../../../domain/rights';
import { formatBytes } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { useStateFor } from '../../../lib/use-state-for';
import { depositReceivedInvoice, type ReceivedInvoiceDetail } from '../api/received-invoices-api';
import { receivedInvoicesData } from '../received-invoices-data';
import { depositSummary, EINVOICE_ACCEPT } from '../received-invoices-model';
import { ReceivedTable } from './received-table';

const PAGE_SIZE = 25;

type DepositState =
  | { step: 'idle' }
  | { step: 'sending'; name: string; size: number; loaded: number; total: number }
  | { step: 'done'; value: ReceivedInvoiceDetail }
  | { step: 'failed'; name: string; message: string; errors: string[] };

/** /mes-factures/factures-recues: suppliers' e-invoices received, and the deposit of a new one (online only). */
export function ReceivedInvoicesPage() {
  const company = useAtomValue(currentCompanyAtom);
  const profile = useAtomValue(profileAtom);
  const online = useOnline();
  const mayDeposit = can(profile, 'create', { menu: 'maBannette' });
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q, 300);
  // Another search starts on its first page.
  const [page, setPage] = useStateFor(search, 1);
  const list = useServerData(receivedInvoicesData, { q: search, page, pageSize: PAGE_SIZE });
  const [deposit, setDeposit] = useState<DepositState>({ step: 'idle' });
  const abort = useRef<(() => void) | null>(null);
  const resetPicker = useRef<() => void>(null);

  async function send(file: File | null) {
    resetPicker.current?.();
    if (!file || !company) return;
    setDeposit({ step: 'sending', name: file.name, size: file.size, loaded: 0, total: file.size });
    const run = depositReceivedInvoice(company.id, file, (loaded, total) =>
      setDeposit({ step: 'sending', name: file.name, size: file.size, loaded, total }),
    );
    abort.current = run.abort;
    const outcome = await run.done;
    abort.current = null;
    if (outcome.ok) {
      setDeposit({ step: 'done', value: outcome.value });
      void list.refresh();
    } else setDeposit({ step: 'failed', name: file.name, message: outcome.message, errors: outcome.errors });
  }

  const sending = deposit.step === 'sending';
  const items = list.data?.items;

  return (
    <Stack gap="md" maw={1200}>
      <PageHeader
        title="Factures reçues"
        description={`Les factures électroniques des fournisseurs de ${company?.label ?? 'la société'} (Factur-X, CII ou UBL), lues et contrôlées.`}
        actions={
          mayDeposit && (
            <FileButton
              onChange={(f) => void send(f)}
              accept={EINVOICE_ACCEPT}
              resetRef={resetPicker}
              disabled={!online || sending}
            >
              {(props) => (
                <Button
                  {...props}
                  size="md"
                  leftSection={
                    online ? <IconFileUpload size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />
                  }
                  disabled={!online || sending}
                  loading={sending}
                >
                  {online ? 'Déposer une facture' : 'Hors ligne'}
                </Button>
              )}
            </FileButton>
          )
        }
      />
      {!online && mayDeposit && (
        <Text c="orange.9" role="status">
          Le dépôt d’une facture demande une connexion au serveur.
        </Text>
      )}
      {deposit.step !== 'idle' && (
        <DepositCard
          deposit={deposit}
          onCancel={() => abort.current?.()}
          onDismiss={() => setDeposit({ step: 'idle' })}
        />
      )}
      <Card withBorder radius="md" padding="md" component="section" aria-label="Liste des factures reçues">
        <Stack gap="sm">
          <TextInput
            size="md"
            label="Rechercher"
            placeholder="Fournisseur ou numéro"
            leftSection={<IconSearch size={18} aria-hidden />}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            maw={420}
          />
          {list.error && !list.data && (
            <Alert color="red" role="alert" title="Liste indisponible">
              {online ? list.error.message : 'La liste des factures reçues demande une connexion au serveur.'}
            </Alert>
          )}
          <ReceivedTable items={items} loading={list.loading && !list.data} />
          {list.data && <ListPagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={setPage} />}
        </Stack>
      </Card>
    </Stack>
  );
}

/** The deposit under way (its progress, « Annuler le dépôt »), or its outcome: read and checked, or refused. */
function DepositCard({
  deposit,
  onCancel,
  onDismiss,
}: {
  deposit: DepositState;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const percent =
    deposit.step === 'sending' && deposit.total ? Math.min(100, Math.round((deposit.loaded / deposit.total) * 100)) : 0;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Dépôt de la facture">
      {deposit.step === 'sending' && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {deposit.name} ({formatBytes(deposit.size)})
          </Text>
          <Progress value={percent} aria-label="Progression de l’envoi" animated={percent >= 100} />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" role="status">
              {percent < 100
                ? `Envoi du fichier : ${percent} %`
                : 'Fichier reçu : le serveur lit et contrôle la facture…'}
            </Text>
            <Button variant="default" onClick={onCancel}>
              Annuler le dépôt
            </Button>
          </Group>
        </Stack>
      )}
      {deposit.step === 'done' && (
        <Alert
          color={deposit.value.status === 'conforme' ? 'green' : 'red'}
          title={deposit.value.status === 'conforme' ? 'Facture déposée' : 'Facture déposée, avec des anomalies'}
          role="status"
          withCloseButton
          closeButtonLabel="Fermer"
          onClose={onDismiss}
        >
          <Stack gap={4}>
            <Text size="sm">{depositSummary(deposit.value)}</Text>
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link {...props} to="/mes-factures/factures-recues/$id" params={{ id: String(deposit.value.id) }} />
              )}
            >
              Voir le détail et les contrôles
            </Anchor>
          </Stack>
        </Alert>
      )}
      {deposit.step === 'failed' && (
        <Alert
          color="red"
          title={`Dépôt de « ${deposit.name} » refusé`}
          role="alert"
          withCloseButton
          closeButtonLabel="Fermer"
          onClose={onDismiss}
        >
          <Text size="sm">{deposit.message}</Text>
          {deposit.errors.length > 0 && (
            <List size="sm" mt={4}>
              {deposit.errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Card>
  );
}
