import { Button, Card, Group, Loader, MultiSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { IconMessageQuestion, IconSearch } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { useServerPages } from '../../../data/sync/use-server-pages';
import { can } from '../../../domain/rights';
import { formatCount, formatDate, formatInputNumber, formatMoney } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { profileAtom } from '../../../lib/session';
import { dashboardAccountsData, entriesData, journalsData, searchStateData } from '../accounting-data';
import {
  hasCriteria,
  periodProblem,
  readAmountRange,
  searchBodyOf,
  type EntrySearchParams as Search,
} from '../accounting-model';
import { saveSearchState, type EntryLine } from '../api/accounting-api';
import { ExerciseSelect, TABULAR } from './accounting-ui';
import { useExercise } from './use-exercise';

const route = getRouteApi('/app/ma-comptabilite/recherche');

const AskRequestModal = lazy(() => import('./ask-request-modal').then((m) => ({ default: m.AskRequestModal })));

/** /ma-comptabilite/recherche: entries by period, accounts, journals, text and amounts; the state is kept per user and company. */
export function EntrySearchPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const profile = useAtomValue(profileAtom);
  const firm = can(profile, 'firm');
  const { exercises, exercise, companyId } = useExercise(search.exercice);
  const saved = useSavedSearch();

  useRestoredSearch(search, saved);

  const balance = useServerData(dashboardAccountsData, exercise ? { exercise: exercise.id } : null);
  const journals = useServerData(journalsData, exercise ? { exercise: exercise.id } : null);

  const [form, setForm] = useState(() => formOf(search));
  const urlKey = JSON.stringify(search);
  const [seenKey, setSeenKey] = useState(urlKey);
  if (seenKey !== urlKey) {
    setSeenKey(urlKey);
    setForm(formOf(search));
  }
  const amounts = readAmountRange(form.min, form.max);
  const period = periodProblem(form.du ?? undefined, form.au ?? undefined);

  const { body, rows, total, lowerBound, hasMore, waiting, failed, more } = useEntryResults(search, exercise?.id);
  const [asking, setAsking] = useState<EntryLine | null>(null);

  function submit() {
    if (amounts.problem || period || !exercise) return;
    const next: Search = {
      exercice: exercise.id,
      du: form.du ?? undefined,
      au: form.au ?? undefined,
      comptes: form.comptes.length ? form.comptes : undefined,
      journaux: form.journaux.length ? form.journaux : undefined,
      q: form.q.trim() || undefined,
      min: amounts.range.min !== null ? String(amounts.range.min) : undefined,
      max: amounts.range.max !== null ? String(amounts.range.max) : undefined,
    };
    void navigate({ to: '/ma-comptabilite/recherche', search: next as never });
    if (companyId)
      void saveSearchState(companyId, {
        period: { exercise: exercise.id, dateStart: next.du ?? null, dateEnd: next.au ?? null },
        accounts: form.comptes,
        requiredDetails: saved.data?.requiredDetails ?? [],
      });
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Recherche d’écritures"
        description="Retrouvez une écriture par période, compte, journal, libellé ou montant. Votre dernière recherche est conservée."
      />
      <Card
        withBorder
        radius="md"
        padding="md"
        component="form"
        aria-label="Critères de recherche"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ExerciseSelect
              exercises={exercises}
              value={exercise?.id}
              onChange={(id) => void navigate({ to: '/ma-comptabilite/recherche', search: { exercice: id } as never })}
            />
            <DatePickerInput
              label="Du"
              size="md"
              valueFormat="DD/MM/YYYY"
              clearable
              value={form.du}
              minDate={exercise?.dateStart}
              maxDate={exercise?.dateEnd}
              onChange={(v) => setForm({ ...form, du: v ? String(v).slice(0, 10) : null })}
              w={150}
            />
            <DatePickerInput
              label="Au"
              size="md"
              valueFormat="DD/MM/YYYY"
              clearable
              value={form.au}
              minDate={exercise?.dateStart}
              maxDate={exercise?.dateEnd}
              onChange={(v) => setForm({ ...form, au: v ? String(v).slice(0, 10) : null })}
              error={period ?? undefined}
              w={150}
            />
          </Group>
          <CriteriaFields
            form={form}
            setForm={setForm}
            accounts={balance.data?.accounts}
            journals={journals.data}
            amountProblem={amounts.problem}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md" leftSection={<IconSearch size={18} aria-hidden />} disabled={!exercise}>
              Rechercher
            </Button>
          </Group>
        </Stack>
      </Card>

      {body && (
        <Card withBorder radius="md" padding="md" component="section" aria-label="Résultats">
          <Group justify="space-between" mb="sm">
            <Text fw={600} role="status">
              {resultCount(total, lowerBound)}
            </Text>
          </Group>
          {failed && rows.length === 0 && (
            <Text c="red.8">La recherche n’a pas abouti : vérifiez la connexion puis recommencez.</Text>
          )}
          {rows.length > 0 && <EntryLinesTable rows={rows} firm={firm} onAsk={setAsking} />}
          {waiting && !failed && (
            <Group justify="center" p="sm" aria-busy="true">
              <Loader size="sm" aria-label="Chargement des résultats" />
            </Group>
          )}
          {total !== undefined && hasMore && !waiting && (
            <Group justify="center" mt="sm">
              <Button variant="default" onClick={more}>
                Afficher les écritures suivantes
              </Button>
            </Group>
          )}
        </Card>
      )}
      {asking && companyId && (
        <Suspense fallback={null}>
          <AskRequestModal line={asking} companyId={companyId} onClose={() => setAsking(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function formOf(s: Search) {
  return {
    du: s.du ?? null,
    au: s.au ?? null,
    comptes: s.comptes ?? [],
    journaux: s.journaux ?? [],
    q: s.q ?? '',
    min: s.min ? formatInputNumber(Number(s.min), { maxDecimals: 2 }) : '',
    max: s.max ? formatInputNumber(Number(s.max), { maxDecimals: 2 }) : '',
  };
}

/** The server counts up to 1 000 matches: beyond, « plus de 1 000 ». */
function resultCount(total: number | undefined, lowerBound: boolean): string {
  if (total === undefined) return 'Recherche en cours…';
  const found = formatCount(total, 'écriture trouvée', 'écritures trouvées');
  return lowerBound ? `Plus de ${found}` : found;
}

type EntryForm = ReturnType<typeof formOf>;
const MIN_INVALID = 'Montant minimum invalide.';

/** The accounts and journals searched (all when none is chosen), the text, the amounts' range. */
function CriteriaFields({
  form,
  setForm,
  accounts,
  journals,
  amountProblem,
}: {
  form: EntryForm;
  setForm: (form: EntryForm) => void;
  accounts: readonly { account: string; label: string }[] | undefined;
  journals: readonly { code: string; label: string }[] | undefined;
  amountProblem: string | null;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          size="md"
          label="Comptes"
          placeholder={form.comptes.length ? undefined : 'Tous les comptes'}
          searchable
          clearable
          data={(accounts ?? []).map((a) => ({ value: a.account, label: `${a.account} ${a.label}` }))}
          value={form.comptes}
          onChange={(comptes) => setForm({ ...form, comptes })}
          maxDropdownHeight={280}
          limit={200}
          nothingFoundMessage="Aucun compte"
        />
        <MultiSelect
          size="md"
          label="Journaux"
          placeholder={form.journaux.length ? undefined : 'Tous les journaux'}
          searchable
          clearable
          data={(journals ?? []).map((j) => ({ value: j.code, label: `${j.code} ${j.label}` }))}
          value={form.journaux}
          onChange={(journaux) => setForm({ ...form, journaux })}
          nothingFoundMessage="Aucun journal"
        />
      </SimpleGrid>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          size="md"
          label="Texte"
          description="Libellé, pièce ou compte"
          value={form.q}
          onChange={(e) => setForm({ ...form, q: e.currentTarget.value })}
          style={{ flex: '1 1 240px' }}
        />
        <TextInput
          size="md"
          label="Montant minimum"
          description="En euros"
          inputMode="decimal"
          value={form.min}
          onChange={(e) => setForm({ ...form, min: e.currentTarget.value })}
          error={amountProblem === MIN_INVALID ? amountProblem : undefined}
          w={180}
        />
        <TextInput
          size="md"
          label="Montant maximum"
          description="En euros"
          inputMode="decimal"
          value={form.max}
          onChange={(e) => setForm({ ...form, max: e.currentTarget.value })}
          error={amountProblem && amountProblem !== MIN_INVALID ? amountProblem : undefined}
          w={180}
        />
      </Group>
    </>
  );
}

/** The entries found, with « Demander » for the firm (an information request on that line). */
function EntryLinesTable({
  rows,
  firm,
  onAsk,
}: {
  rows: EntryLine[];
  firm: boolean;
  onAsk: (line: EntryLine) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Écritures trouvées" striped style={TABULAR}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Journal</Table.Th>
            <Table.Th>Pièce</Table.Th>
            <Table.Th>Compte</Table.Th>
            <Table.Th>Libellé</Table.Th>
            <Table.Th ta="right">Débit</Table.Th>
            <Table.Th ta="right">Crédit</Table.Th>
            {firm && <Table.Th>Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.date)}</Table.Td>
              <Table.Td>{l.journal}</Table.Td>
              <Table.Td>{l.piece}</Table.Td>
              <Table.Td>{l.account}</Table.Td>
              <Table.Td>{l.label}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {l.debit ? formatMoney(l.debit) : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {l.credit ? formatMoney(l.credit) : ''}
              </Table.Td>
              {firm && (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconMessageQuestion size={16} aria-hidden />}
                    aria-label={`Demander une information : ${l.label}, ${formatDate(l.date)}`}
                    onClick={() => onAsk(l)}
                  >
                    Demander
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The search state kept per user and company (period, accounts, required details). */
const useSavedSearch = () => useServerData(searchStateData, NO_PARAMS);

/** Back on the screen without criteria: the saved state comes back into the URL, once. */
function useRestoredSearch(search: Search, saved: ReturnType<typeof useSavedSearch>) {
  const navigate = useNavigate();
  const restored = useRef(false);
  const [openedAt] = useState(() => Date.now());
  const online = useOnline();
  useEffect(() => {
    // The answer fetched for this visit (offline: the device's copy), not an older copy.
    const settled = !online || (saved.fetchedAt ?? 0) >= openedAt;
    if (restored.current || hasCriteria(search) || !saved.data || !settled) return;
    restored.current = true;
    const { period, accounts } = saved.data;
    if (!period && accounts.length === 0) return;
    void navigate({
      to: '/ma-comptabilite/recherche',
      search: {
        exercice: period?.exercise ?? undefined,
        du: period?.dateStart ?? undefined,
        au: period?.dateEnd ?? undefined,
        comptes: accounts.length ? accounts : undefined,
      } as never,
      replace: true,
    });
  }, [saved.data, saved.fetchedAt, openedAt, online, search, navigate]);
}

/** The entries matching the URL's criteria, a page at a time (« Afficher les écritures suivantes »). */
function useEntryResults(search: Search, exerciseId: number | undefined) {
  const body = useMemo(() => searchBodyOf(search, exerciseId), [search, exerciseId]);
  const [count, setCount] = useState(1);
  const bodyKey = JSON.stringify(body);
  const [countKey, setCountKey] = useState(bodyKey);
  if (countKey !== bodyKey) {
    setCountKey(bodyKey);
    setCount(1);
  }
  const results = useServerPages(entriesData, body, count);
  const rows = results.pages.flatMap((p) => p?.items ?? []);
  const total = results.pages[0]?.total;
  // The server counts up to 1 000 matches: beyond, « plus de 1 000 », and the pages go on by `next`.
  const lowerBound = results.pages[0]?.totalIsLowerBound === true;
  const hasMore = results.pages[count - 1]?.next != null;
  const waiting = body !== null && results.pages[count - 1] === undefined;
  const failed = results.entries.some((e) => e?.status === 'error' || e?.status === 'offline');
  return { body, rows, total, lowerBound, hasMore, waiting, failed, more: () => setCount(count + 1) };
}
