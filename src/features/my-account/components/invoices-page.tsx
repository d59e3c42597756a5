import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { ChoiceBar } from '../../../components/choice-bar';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { PdfDialog } from '../../../components/pdf-dialog';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { can } from '../../../domain/rights';
import { formatCount, formatMoney } from '../../../domain/format';
import { getBranding } from '../../../lib/branding';
import { useOnline } from '../../../lib/online';
import { profileAtom } from '../../../lib/session';
import { firmInvoicesData } from '../my-account-data';
import type { FirmInvoicesSearch } from '../account-search';
import { accountPaths, filterInvoices, STATUS_FILTERS } from '../my-account-model';
import { NotOpenYet } from './account-ui';
import { FirmLinkCard } from './firm-link-card';
import { InvoicesTable } from './invoices-table';
import { useInvoicePdf } from './use-invoice-pdf';

/** /mon-compte-{product}/factures-{product}: the invoices and credit notes the firm issued to the company. */
export function InvoicesPage({ search }: { search: FirmInvoicesSearch }) {
  const navigate = useNavigate();
  const online = useOnline();
  const profile = useAtomValue(profileAtom);
  const canDownload = can(profile, 'download', { menu: 'monCompte' });
  // The firm's staff link the company to its customer record here (decision 043).
  const firmStaff = can(profile, 'firm');
  const read = useServerData(firmInvoicesData, NO_PARAMS);
  const pdf = useInvoicePdf();
  const paths = accountPaths();
  const all = read.data?.items;
  const shown = filterInvoices(all ?? [], search.statut);
  const fromDevice = !online || read.status === 'offline' || read.status === 'error';
  const due = (all ?? []).reduce((sum, i) => sum + (i.status === 'credit' ? 0 : i.remaining), 0);
  const product = getBranding().productName;

  return (
    <Stack gap="md" maw={1180}>
      <PageHeader
        title={`Mes factures ${product}`}
        description={
          read.data?.firm
            ? `Les factures et avoirs que ${read.data.firm.label} a émis pour votre société.`
            : 'Les factures et avoirs que votre cabinet a émis pour votre société.'
        }
        actions={fromDevice && read.data ? <DataAge fetchedAt={read.fetchedAt} always /> : undefined}
      />
      {firmStaff && <FirmLinkCard listFirm={read.data?.firm} onLinked={() => void read.refresh()} />}
      {!read.data ? (
        read.status === 'error' || read.status === 'offline' ? (
          <Text role="alert">
            {read.error?.message ??
              'Vos factures n’ont pas pu être chargées et aucune copie n’est enregistrée sur cet appareil.'}
          </Text>
        ) : (
          <Stack gap="xs" aria-busy="true" aria-label="Chargement des factures">
            <Skeleton height={36} />
            <Skeleton height={240} />
          </Stack>
        )
      ) : !read.data.firm ? (
        <NotOpenYet />
      ) : (
        <>
          <Card withBorder radius="md" padding="md">
            <Text>
              {due > 0 ? (
                <>
                  Reste à payer : <strong>{formatMoney(due)}</strong> ·{' '}
                </>
              ) : (
                'Vous êtes à jour de vos factures · '
              )}
              <Anchor component={Link} to={paths.statement}>
                Voir mon extrait de compte
              </Anchor>
            </Text>
          </Card>
          <ChoiceBar
            aria-label="Statut des factures"
            data={STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            value={search.statut ?? 'all'}
            onChange={(v) =>
              void navigate({
                to: paths.invoices,
                search: (v === 'all' ? {} : { statut: v }) as never,
                replace: true,
              })
            }
          />
          <Text size="sm" c="dimmed" role="status">
            {formatCount(shown.length, 'document')}
          </Text>
          {shown.length === 0 ? (
            <Text>Aucune facture pour ce statut.</Text>
          ) : (
            <InvoicesTable
              invoices={shown}
              canDownload={canDownload}
              onView={(i) => void pdf.view(i)}
              onDownload={(i) => void pdf.download(i)}
            />
          )}
        </>
      )}
      <PdfDialog
        opened={pdf.state.opened}
        onClose={pdf.close}
        file={pdf.state.file}
        fileName={pdf.state.fileName}
        loading={pdf.state.loading}
        error={pdf.state.error}
        canSend={false}
      />
    </Stack>
  );
}
