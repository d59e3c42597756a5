import { Alert, Badge, Button, Code, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { VerifyReport } from '../../../contract/cash-registers';
import { formatCount, formatDateTime } from '../../../domain/format';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { readApiError } from '../../../lib/http';
import { toastError } from '../../../lib/toast';
import { fetchArchive, fetchChain, fetchVerifyReport } from '../api/cash-registers-api';
import { verifyInBrowser } from '../browser-verify';

const CHECKS = [
  ['chain', 'Chaînage des empreintes'],
  ['sequence', 'Séquence sans trou'],
  ['signatures', 'Signatures Ed25519'],
  ['anchors', 'Ancrage des clôtures'],
  ['totals', 'Totaux des clôtures'],
  ['head', 'Tête de la caisse signée'],
  ['dayTotals', 'Totaux des tableaux de bord'],
] as const;

type Outcome = { report: VerifyReport } | { error: string } | null;

const messageOf = async (error: unknown) =>
  (await readApiError(error)).message ?? (error as Error)?.message ?? 'Vérification impossible.';

/**
 * « Vérifier l’intégrité » of one register: the server's report (GET verify) and the same check run
 * by this browser on the chained records (GET chain), side by side; the archive of a period.
 */
export function IntegrityPanel({
  companyId,
  register,
  today,
}: {
  companyId: number;
  register: { uuid: string; label: string };
  today: string;
}) {
  const [step, setStep] = useState<string | null>(null);
  const [server, setServer] = useState<Outcome>(null);
  const [browser, setBrowser] = useState<Outcome>(null);

  const run = async () => {
    setServer(null);
    setBrowser(null);
    setStep('Vérification par le serveur…');
    try {
      setServer({ report: await fetchVerifyReport(companyId, register.uuid) });
    } catch (error) {
      setServer({ error: await messageOf(error) });
    }
    setStep('Téléchargement de la chaîne des enregistrements…');
    try {
      const chain = await fetchChain(companyId, register.uuid);
      setStep(`Vérification par ce navigateur de ${formatCount(chain.records.length, 'enregistrement')}…`);
      setBrowser({ report: await verifyInBrowser(register.uuid, chain, new Date()) });
    } catch (error) {
      setBrowser({ error: await messageOf(error) });
    }
    setStep(null);
  };

  return (
    <Stack gap="lg">
      <Text>
        Chaque mouvement et chaque clôture est chaîné au précédent par une empreinte SHA-256 et signé : la vérification
        recalcule toute la chaîne, une fois par le serveur et une fois par ce navigateur.
      </Text>
      <Group>
        <Button size="lg" leftSection={<IconShieldCheck size={20} />} onClick={() => void run()} loading={!!step}>
          Lancer la vérification
        </Button>
      </Group>
      {step && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{step}</Text>
        </Group>
      )}
      {(server || browser) && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ReportView title="Vérification par le serveur" outcome={server} />
          <ReportView title="Vérification par ce navigateur" outcome={browser} />
        </SimpleGrid>
      )}
      <ArchiveDownload companyId={companyId} uuid={register.uuid} today={today} />
    </Stack>
  );
}

function ReportView({ title, outcome }: { title: string; outcome: Outcome }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {outcome === null ? (
        <Text c="dimmed">En cours…</Text>
      ) : 'error' in outcome ? (
        <Alert color="red" title="Vérification impossible">
          {outcome.error}
        </Alert>
      ) : (
        <Report report={outcome.report} />
      )}
    </Stack>
  );
}

function Report({ report }: { report: VerifyReport }) {
  return (
    <Stack gap="xs">
      <Alert color={report.ok ? 'green' : 'red'} title={report.ok ? 'Chaîne intègre' : 'Chaîne rompue'}>
        {report.conclusion}
      </Alert>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {CHECKS.filter(([key]) => report.checks[key]).map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge
                    color={report.checks[key]!.ok ? 'green.9' : 'red.9'}
                    variant="outline"
                    style={{ flexShrink: 0 }}
                  >
                    {report.checks[key]!.ok ? 'Conforme' : 'Rompu'}
                  </Badge>
                  <Text size="sm">{report.checks[key]!.detail}</Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>Enregistrements</Table.Th>
            <Table.Td>
              {`${formatCount(report.movements.count, 'mouvement')}, ${formatCount(report.closings.count, 'clôture')}`}
            </Table.Td>
          </Table.Tr>
          {report.firstBreak && (
            <Table.Tr>
              <Table.Th>Première rupture</Table.Th>
              <Table.Td>
                {`${report.firstBreak.kind === 'movement' ? 'Mouvement' : 'Clôture'} n° ${report.firstBreak.seq} : ${report.firstBreak.reason}`}
              </Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>Empreinte de la clé</Table.Th>
            <Table.Td>
              <Code style={{ wordBreak: 'break-all' }}>{report.publicKey.fingerprint}</Code>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Vérifiée le</Table.Th>
            <Table.Td>{formatDateTime(report.checkedAt)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ArchiveDownload({ companyId, uuid, today }: { companyId: number; uuid: string; today: string }) {
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const invalid = !from || !to || from > to || to > today;
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetchArchive(companyId, uuid, from, to);
      saveBlob(
        await res.blob(),
        fileNameFromDisposition(res.headers.get('content-disposition'), `caisse-${from}-${to}.zip`),
      );
    } catch (error) {
      toastError('Téléchargement impossible', await messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="archive-title">
      <Title order={3} size="h4" id="archive-title">
        Archive d’une période
      </Title>
      <Text size="sm" c="dimmed">
        Un fichier zip avec les journées en CSV et JSON, la chaîne, les signatures et la clé publique, vérifiable hors
        du portail.
      </Text>
      <Group align="flex-end" gap="sm">
        <DatePickerInput
          label="Du"
          size="md"
          valueFormat="DD/MM/YYYY"
          value={from}
          maxDate={to}
          onChange={(v) => v && setFrom(String(v).slice(0, 10))}
          w={170}
        />
        <DatePickerInput
          label="Au"
          size="md"
          valueFormat="DD/MM/YYYY"
          value={to}
          minDate={from}
          maxDate={today}
          onChange={(v) => v && setTo(String(v).slice(0, 10))}
          w={170}
        />
        <Button
          size="md"
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => void download()}
          loading={busy}
          disabled={invalid}
        >
          Télécharger l’archive
        </Button>
      </Group>
    </Stack>
  );
}
