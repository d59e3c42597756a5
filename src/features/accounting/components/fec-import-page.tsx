import { Alert, Button, Card, FileInput, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatBytes, formatCount, formatDate, formatDateTime, formatMoney } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { importsData, periodsData } from '../accounting-data';
import { importFec, type FecImport, type FecRefusal } from '../api/accounting-api';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { FiguresTable, Section, TABULAR } from './accounting-ui';

const HISTORY = { page: 1, pageSize: 50 };

type State =
  | { step: 'idle' }
  | { step: 'sending'; loaded: number; total: number }
  | { step: 'done'; value: FecImport }
  | { step: 'refused'; refusal: FecRefusal }
  | { step: 'failed'; message: string };

/** /ma-comptabilite/importer-fec (firm): imports a company's FEC, shows the refusal report, lists the imports. */
export function FecImportPage() {
  const company = useAtomValue(currentCompanyAtom);
  const online = useOnline();
  const history = useServerData(importsData, HISTORY);
  const periods = useServerData(periodsData, NO_PARAMS);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<(() => void) | null>(null);

  async function send() {
    if (!file || !company) return;
    setState({ step: 'sending', loaded: 0, total: file.size });
    const run = importFec(company.id, file, (loaded, total) => setState({ step: 'sending', loaded, total }));
    abort.current = run.abort;
    const outcome = await run.done;
    abort.current = null;
    if (outcome.ok) {
      setState({ step: 'done', value: outcome.value });
      setFile(null);
      toastSuccess('FEC importé', `${formatCount(outcome.value.entries, 'écriture')} de l’exercice importées.`);
      void history.refresh();
      void periods.refresh();
    } else if (outcome.refusal) setState({ step: 'refused', refusal: outcome.refusal });
    else setState({ step: 'failed', message: outcome.message });
  }

  const sending = state.step === 'sending';
  const percent = sending && state.total ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Importer un FEC"
        description={`Le fichier des écritures comptables de ${company?.label ?? 'la société'} : il remplace l’exercice qu’il couvre.`}
      />
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Nouvel import">
        <Stack gap="sm">
          <FileInput
            size="md"
            label="Fichier FEC"
            description="Fichier texte SIRENFECAAAAMMJJ.txt (colonnes séparées par une tabulation ou « | »), 50 Mo au plus"
            placeholder="Choisir le fichier"
            accept=".txt,.csv,text/plain,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': 'Retirer le fichier' }}
            leftSection={<IconFileImport size={18} aria-hidden />}
            value={file}
            onChange={(f) => {
              setFile(f);
              if (!sending) setState({ step: 'idle' });
            }}
            disabled={sending}
          />
          {file && (
            <Text size="sm" c="dimmed">
              Taille : {formatBytes(file.size)}
            </Text>
          )}
          {sending && (
            <Stack gap={4}>
              <Progress value={percent} aria-label="Progression de l’envoi" animated={percent >= 100} />
              <Text size="sm" role="status">
                {percent < 100
                  ? `Envoi du fichier : ${percent} %`
                  : 'Fichier reçu : le serveur contrôle et enregistre les écritures…'}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            {sending && (
              <Button variant="default" onClick={() => abort.current?.()}>
                Annuler l’import
              </Button>
            )}
            <Button
              size="md"
              leftSection={<IconUpload size={18} aria-hidden />}
              onClick={() => void send()}
              disabled={!file || !online || sending}
              loading={sending}
            >
              Importer le FEC
            </Button>
          </Group>
          {!online && <Text c="orange.9">L’import demande une connexion au serveur.</Text>}
          {state.step === 'done' && (
            <Alert color="green" title="FEC importé" role="status">
              {state.value.fileName} : exercice du {formatDate(state.value.dateStart)} au{' '}
              {formatDate(state.value.dateEnd)}, {formatCount(state.value.lines, 'ligne')},{' '}
              {formatCount(state.value.entries, 'écriture')}.
            </Alert>
          )}
          {state.step === 'failed' && (
            <Alert color="red" title="Import impossible" role="alert">
              {state.message}
            </Alert>
          )}
          {state.step === 'refused' && <RefusalReport refusal={state.refusal} />}
        </Stack>
      </Card>
      <Section title="Historique des imports" loading={history.loading}>
        {history.data && (
          <FiguresTable
            caption="Historique des imports"
            empty="Aucun FEC importé pour cette société."
            head={['Fichier', 'Exercice', 'Écritures', 'Total débit', 'Importé', 'État']}
            left={[0, 1, 4, 5]}
            wrap={[4]}
            rows={history.data.items.map((i) => ({
              key: String(i.id),
              cells: [
                i.fileName,
                `${formatDate(i.dateStart)} – ${formatDate(i.dateEnd)}`,
                formatCount(i.entries),
                formatMoney(i.totalDebit),
                `${formatDateTime(i.importedAt)} par ${i.importedBy.firstName} ${i.importedBy.name}`,
                i.replaced ? (
                  <Text key="s" size="sm" c="dimmed">
                    Remplacé
                  </Text>
                ) : (
                  <Text key="s" size="sm" c="green.9" fw={600}>
                    En vigueur
                  </Text>
                ),
              ],
            }))}
          />
        )}
      </Section>
    </Stack>
  );
}

/** The French refusal report: the first 100 faults (line, column, reason) and their total. */
export function RefusalReport({ refusal }: { refusal: FecRefusal }) {
  return (
    <Alert color="red" title="FEC refusé" role="alert">
      <Stack gap="xs">
        <Text size="sm">{refusal.message}</Text>
        <Text size="sm" fw={600}>
          {refusal.faultCount > refusal.faults.length
            ? `${formatCount(refusal.faultCount, 'anomalie')} au total ; les ${formatCount(refusal.faults.length)} premières :`
            : `${formatCount(refusal.faultCount, 'anomalie')} :`}
        </Text>
        <Table.ScrollContainer minWidth={480} mah={420}>
          <Table aria-label="Anomalies du FEC" style={TABULAR} striped bg="var(--mantine-color-body)">
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right">Ligne</Table.Th>
                <Table.Th>Colonne</Table.Th>
                <Table.Th>Motif</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refusal.faults.map((f, i) => (
                <Table.Tr key={i}>
                  <Table.Td ta="right">{formatCount(f.line)}</Table.Td>
                  <Table.Td>{f.column ?? '—'}</Table.Td>
                  <Table.Td>{f.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Alert>
  );
}
