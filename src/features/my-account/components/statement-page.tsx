import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { useServerData } from '../../../data/sync/use-server-data';
import { can } from '../../../domain/rights';
import { formatMoney } from '../../../domain/format';
import { saveBlob } from '../../../lib/download';
import { readApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { fetchStatementExport, type Period, type Statement } from '../api/my-account-api';
import { statementData } from '../my-account-data';
import type { StatementSearch } from '../account-search';
import { accountPaths, periodProblem } from '../my-account-model';
import { NotOpenYet } from './account-ui';
import { PayButton } from './pay-button';
import { StatementTable } from './statement-table';

/**
 * /mon-compte-{product}/extrait-du-compte. Without dates in the address the server's default
 * period (the last 12 months) is asked, and the fields show the period it answered.
 */
export function StatementPage({ search }: { search: StatementSearch }) {
  const navigate = useNavigate();
  const online = useOnline();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const canDownload = can(useAtomValue(profileAtom), 'download', { menu: 'monCompte' });
  const problem = periodProblem(search.du, search.au);
  const period: Period = { dateStart: search.du, dateEnd: search.au };
  const read = useServerData(statementData, problem ? null : period);
  const statement = read.data;
  const fromDevice = !online || read.status === 'offline' || read.status === 'error';
  const { exporting, exportAs } = useStatementExport(companyId, statement);

  const set = (next: StatementSearch) =>
    void navigate({ to: accountPaths().statement, search: { ...search, ...next } as never, replace: true });

  const firmLinked = !!statement?.firm;
  return (
    <Stack gap="md" maw={1080}>
      <PageHeader
        title="Extrait de compte"
        description={
          statement?.firm
            ? `Votre compte chez ${statement.firm.label} : factures au débit, avoirs et règlements au crédit.`
            : 'Votre compte chez votre cabinet : factures au débit, avoirs et règlements au crédit.'
        }
        actions={
          <>
            {fromDevice && statement && <DataAge fetchedAt={read.fetchedAt} always />}
            {canDownload && firmLinked && (
              <ExportButtons disabled={!online || !!problem} exporting={exporting} onExport={(f) => void exportAs(f)} />
            )}
          </>
        }
      />
      {statement && !statement.firm ? (
        <NotOpenYet />
      ) : (
        <>
          <Card withBorder radius="md" padding="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <DatePickerInput
                label="Du"
                size="md"
                valueFormat="DD/MM/YYYY"
                value={search.du ?? statement?.dateStart ?? null}
                onChange={(v) => set({ du: v ? String(v).slice(0, 10) : undefined })}
                w={160}
              />
              <DatePickerInput
                label="Au"
                size="md"
                valueFormat="DD/MM/YYYY"
                value={search.au ?? statement?.dateEnd ?? null}
                onChange={(v) => set({ au: v ? String(v).slice(0, 10) : undefined })}
                error={problem ?? undefined}
                w={160}
              />
              {statement && statement.closingBalance > 0 && (
                <Group gap="sm" align="center" ml="auto" wrap="wrap">
                  <Text>
                    Solde dû : <strong>{formatMoney(statement.closingBalance)}</strong>
                  </Text>
                  <PayButton invoiceId={null} label="Payer le solde par carte" size="md" />
                </Group>
              )}
            </Group>
          </Card>
          {statement ? (
            <StatementTable statement={statement} />
          ) : read.status === 'error' || read.status === 'offline' ? (
            <Text role="alert">
              {read.error?.message ??
                'L’extrait de compte n’a pas pu être chargé et aucune copie n’est enregistrée sur cet appareil.'}
            </Text>
          ) : problem ? null : (
            <Stack gap="xs" aria-busy="true" aria-label="Chargement de l’extrait de compte">
              <Skeleton height={36} />
              <Skeleton height={240} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

type ExportFormat = 'pdf' | 'csv';

/** The statement shown, exported by the server as PDF or CSV and saved; a failure is said in a toast. */
function useStatementExport(companyId: number | undefined, statement: Statement | undefined) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    if (companyId === undefined || !statement) return;
    setExporting(format);
    try {
      const file = await fetchStatementExport(
        { dateStart: statement.dateStart, dateEnd: statement.dateEnd },
        format,
        companyId,
      );
      saveBlob(file.blob, file.name);
    } catch (error) {
      const { message } = await readApiError(error);
      toastError('Erreur lors de l’export de l’extrait de compte', message ?? undefined);
    } finally {
      setExporting(null);
    }
  };
  return { exporting, exportAs };
}

function ExportButtons({
  disabled,
  exporting,
  onExport,
}: {
  disabled: boolean;
  exporting: ExportFormat | null;
  onExport: (format: ExportFormat) => void;
}) {
  return (
    <>
      <Button
        variant="default"
        mih={44}
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        disabled={disabled}
        loading={exporting === 'pdf'}
        onClick={() => onExport('pdf')}
      >
        Exporter en PDF
      </Button>
      <Button
        variant="default"
        mih={44}
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        disabled={disabled}
        loading={exporting === 'csv'}
        onClick={() => onExport('csv')}
      >
        Exporter en CSV
      </Button>
    </>
  );
}
