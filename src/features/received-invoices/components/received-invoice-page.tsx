import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/format';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { downloadOriginal, type ReceivedInvoiceDetail } from '../api/received-invoices-api';
import { receivedInvoiceData } from '../received-invoices-data';
import { amountText, formatLabel } from '../received-invoices-model';
import { ReceivedLines, vatText } from './received-lines';
import { ReceivedStatusBadge } from './status-badge';
import { ReceivedLifecycle } from './received-lifecycle';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** /mes-factures/factures-recues/{id}: what the server read from a supplier's file, and what the checks found. */
export function ReceivedInvoicePage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const numeric = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const read = useServerData(receivedInvoiceData, numeric === null ? null : { id: numeric });
  const back = (
    <Anchor component={Link} to="/mes-factures/factures-recues" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Factures reçues
      </Group>
    </Anchor>
  );
  if (numeric === null || (read.error && !read.data))
    return (
      <Stack gap="md" maw={1200}>
        {back}
        <Alert color="red" role="alert" title="Facture reçue indisponible">
          {numeric === null ? 'Facture reçue introuvable.' : read.error!.message}
        </Alert>
      </Stack>
    );
  if (!read.data)
    return (
      <Stack gap="md" maw={1200} aria-busy>
        {back}
        <Skeleton height={36} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  return <Detail invoice={read.data} back={back} onChanged={read.patch} />;
}

function Detail({
  invoice: r,
  back,
  onChanged,
}: {
  invoice: ReceivedInvoiceDetail;
  back: ReactNode;
  onChanged: (detail: ReceivedInvoiceDetail) => void;
}) {
  const company = useAtomValue(currentCompanyAtom);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const errors = r.findings.filter((f) => f.severity === 'erreur');
  const warnings = r.findings.filter((f) => f.severity === 'avertissement');

  async function download() {
    if (!company) return;
    setBusy(true);
    try {
      await downloadOriginal(r.id, company.id, r.fileName);
    } catch (error) {
      toastError(
        'Téléchargement impossible',
        (await readApiError(error)).message ?? 'Le fichier n’a pas pu être téléchargé.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={1200}>
      {back}
      <PageHeader
        title={`${r.kind === 'Avoir' ? 'Avoir' : 'Facture'} ${r.number || 'sans numéro'}`}
        description={`${r.supplierName || 'Fournisseur non indiqué'} · fichier ${formatLabel(r.format)} déposé le ${formatDateTime(r.createdAt)}`}
        actions={
          <Button
            size="md"
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void download()}
            loading={busy}
            disabled={!online}
          >
            {online ? 'Télécharger l’original' : 'Hors ligne'}
          </Button>
        }
      />
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="controles">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h4" id="controles">
            Contrôles officiels
          </Title>
          <ReceivedStatusBadge row={r} />
        </Group>
        {r.findings.length === 0 ? (
          <Text size="sm">
            Aucune anomalie : la facture respecte les règles officielles (schéma XSD, règles Factur-X de son profil, EN
            16931, règles françaises).
          </Text>
        ) : (
          <Stack gap="xs">
            {errors.length > 0 && <Findings title="Anomalies" items={errors} tone="erreur" />}
            {warnings.length > 0 && <Findings title="Points d’attention" items={warnings} tone="avertissement" />}
          </Stack>
        )}
      </Card>
      {company && <ReceivedLifecycle invoice={r} companyId={company.id} onChanged={onChanged} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="fournisseur">
          <Title order={2} size="h4" id="fournisseur" mb="xs">
            Fournisseur
          </Title>
          <Facts
            rows={[
              ['Nom', r.supplierName || '—'],
              ['SIREN', r.supplierSiren ?? '—'],
              ['N° de TVA', r.supplierVatNumber ?? '—'],
            ]}
          />
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dates">
          <Title order={2} size="h4" id="dates" mb="xs">
            Dates et fichier
          </Title>
          <Facts
            rows={[
              ['Date d’émission', formatDate(r.issueDate) || '—'],
              ['Échéance', formatDate(r.dueDate) || '—'],
              ['Fichier', r.fileName],
            ]}
          />
        </Card>
      </SimpleGrid>
      <ReceivedLines lines={r.lines} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="tva">
          <Title order={2} size="h4" id="tva" mb="xs">
            TVA par taux
          </Title>
          <Table aria-labelledby="tva" style={TABULAR}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Taux</Table.Th>
                <Table.Th ta="right">Base HT</Table.Th>
                <Table.Th ta="right">TVA</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.vatBreakdown.map((v, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{vatText(v.category, v.rate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(v.base)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(v.vat)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="totaux">
          <Title order={2} size="h4" id="totaux" mb="xs">
            Totaux
          </Title>
          <Facts
            numeric
            rows={[
              ['Total HT', amountText(r.ht)],
              ['TVA', amountText(r.tva)],
              ['Total TTC', amountText(r.ttc)],
            ]}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function Findings({
  title,
  items,
  tone,
}: {
  title: string;
  items: ReceivedInvoiceDetail['findings'];
  tone: 'erreur' | 'avertissement';
}) {
  return (
    <Alert
      color={tone === 'erreur' ? 'red' : 'orange.9'}
      variant="light"
      title={title}
      role={tone === 'erreur' ? 'alert' : 'status'}
    >
      <List size="sm" spacing={4}>
        {items.map((f, i) => (
          <List.Item key={i}>
            {f.message}{' '}
            <Badge variant="filled" color="dark.7" size="sm" style={{ textTransform: 'none' }}>
              {f.rule}
            </Badge>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Facts({ rows, numeric }: { rows: Array<[string, string]>; numeric?: boolean }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap" gap="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            fw={label === 'Total TTC' ? 700 : 500}
            ta="right"
            style={numeric ? TABULAR : { overflowWrap: 'anywhere' }}
          >
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
