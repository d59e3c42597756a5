import { Badge, Button, Card, Group, NavLink, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { usePhone } from '../../../components/use-phone';
import { DatePickerInput } from '../../../components/dates';
import { useElementSize } from '@mantine/hooks';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type CSSProperties } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { useWindowRows } from '../../../components/use-window-rows';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatCount, formatDate, formatMoney } from '../../../domain/format';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { readApiError } from '../../../lib/http';
import { toastError } from '../../../lib/toast';
import { dashboardAccountsData, greatBookData } from '../accounting-data';
import { columnsThatFit, filterAccounts, groupByClass, pagesFor, periodProblem } from '../accounting-model';
import { fetchGreatBookCsv, type GreatBookLine } from '../api/accounting-api';
import { ExerciseSelect, TABULAR } from './accounting-ui';
import { usePageWindow } from '../../../data/sync/use-page-window';
import { useExercise } from './use-exercise';

const route = getRouteApi('/app/ma-comptabilite/grand-livre');

const LEDGER_PAGE_SIZE = 200;
const ROW_HEIGHT = 44;
/** The label's room before a column is dropped: about 20 characters, « Reprise des soldes… ». */
const LABEL_ROOM = 160;

/** The route's validated search (validateSearch in src/routes). */
type Search = ReturnType<typeof route.useSearch>;

/** /ma-comptabilite/grand-livre: the general ledger by account, pages read as the list scrolls. */
export function LedgerPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const { exercises, exercise, companyId } = useExercise(search.exercice);
  const set = (patch: Partial<Search>) =>
    void navigate({
      to: '/ma-comptabilite/grand-livre',
      search: { exercice: exercise?.id, compte: search.compte, du: search.du, au: search.au, ...patch } as never,
      replace: true,
    });
  const problem = periodProblem(search.du, search.au);
  const balance = useServerData(dashboardAccountsData, exercise ? { exercise: exercise.id } : null);
  const query = useMemo(
    () =>
      exercise && !problem
        ? {
            exercise: exercise.id,
            ...(search.du ? { dateStart: search.du } : {}),
            ...(search.au ? { dateEnd: search.au } : {}),
            ...(search.compte ? { accounts: search.compte } : {}),
            pageSize: LEDGER_PAGE_SIZE,
          }
        : null,
    [exercise, problem, search.du, search.au, search.compte],
  );
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  // The PDF of a big selection takes seconds: what it is doing, in words (read, then laid out).
  const [pdfProgress, setPdfProgress] = useState<string | null>(null);

  async function exportCsv() {
    if (!query || !companyId) return;
    setExporting('csv');
    try {
      const { pageSize: _, ...selection } = query;
      const { blob, name } = await fetchGreatBookCsv(selection, companyId);
      saveBlob(blob, fileNameFromDisposition(name, 'grand-livre.csv'));
    } catch (error) {
      toastError('L’export du grand livre a échoué.', (await readApiError(error)).message ?? undefined);
    } finally {
      setExporting(null);
    }
  }
  async function exportPdf() {
    if (!query || !companyId) return;
    setExporting('pdf');
    try {
      const { ledgerPdf } = await import('./ledger-pdf');
      const { pageSize: _, ...selection } = query;
      const { blob, name } = await ledgerPdf(
        selection,
        companyId,
        exercise?.label ?? '',
        selectionLabel(search.compte),
        (step, done, of) =>
          setPdfProgress(
            `${step === 'read' ? 'Lecture' : 'Mise en page'} : ${formatCount(done, 'ligne')} sur ${formatCount(of, 'ligne')}`,
          ),
      );
      saveBlob(blob, name);
    } catch (error) {
      toastError('L’export du grand livre a échoué.', (await readApiError(error)).message ?? undefined);
    } finally {
      setExporting(null);
      setPdfProgress(null);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Grand livre"
        description="Les écritures de chaque compte, avec le lettrage et le solde progressif."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              loading={exporting === 'csv'}
              disabled={!query}
              onClick={() => void exportCsv()}
            >
              Exporter en CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              loading={exporting === 'pdf'}
              disabled={!query}
              onClick={() => void exportPdf()}
            >
              Exporter en PDF
            </Button>
          </>
        }
      />
      {pdfProgress && (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          Export PDF en cours — {pdfProgress}
        </Text>
      )}
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ExerciseSelect
            exercises={exercises}
            value={exercise?.id}
            onChange={(id) => set({ exercice: id, du: undefined, au: undefined })}
          />
          <DatePickerInput
            label="Du"
            size="md"
            valueFormat="DD/MM/YYYY"
            clearable
            value={search.du ?? null}
            minDate={exercise?.dateStart}
            maxDate={exercise?.dateEnd}
            onChange={(v) => set({ du: v ? String(v).slice(0, 10) : undefined })}
            w={150}
          />
          <DatePickerInput
            label="Au"
            size="md"
            valueFormat="DD/MM/YYYY"
            clearable
            value={search.au ?? null}
            minDate={exercise?.dateStart}
            maxDate={exercise?.dateEnd}
            onChange={(v) => set({ au: v ? String(v).slice(0, 10) : undefined })}
            error={problem ?? undefined}
            w={150}
          />
        </Group>
      </Card>
      {/* The tree beside the lines when both fit (a laptop), above them on its own full line otherwise
          (a tablet): the lines grow 999 times faster, so beside them the tree keeps its 280 px. */}
      <div className="ledger-layout" style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <AccountTree
          accounts={balance.data?.accounts}
          selected={search.compte}
          onSelect={(compte) => set({ compte })}
        />
        <div style={{ flex: '999 1 520px', minWidth: 0 }}>
          {query ? (
            <LedgerLines query={query} selection={search.compte} />
          ) : (
            <Text c="dimmed">{exercises?.length === 0 ? 'Aucun exercice importé.' : 'Choisissez un exercice.'}</Text>
          )}
        </div>
      </div>
    </Stack>
  );
}

const selectionLabel = (compte: string | undefined) =>
  !compte ? 'Tous les comptes' : compte.length === 1 ? `Classe ${compte}` : `Compte ${compte}`;

/** The tree of the PCG's classes and their accounts; a class or an account is the selection. */
function AccountTree({
  accounts,
  selected,
  onSelect,
}: {
  accounts: Array<{ account: string; label: string; balance: number }> | undefined;
  selected: string | undefined;
  onSelect: (compte: string | undefined) => void;
}) {
  const [filter, setFilter] = useState('');
  const groups = useMemo(
    () =>
      groupByClass(
        filterAccounts(
          (accounts ?? []).map((a) => ({ number: a.account, label: a.label, balance: a.balance })),
          filter,
        ),
      ),
    [accounts, filter],
  );
  return (
    <Card withBorder radius="md" padding="sm" component="nav" aria-label="Plan comptable" style={{ flex: '1 1 280px' }}>
      <TextInput
        label="Filtrer les comptes"
        placeholder="Numéro ou libellé"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        mb="xs"
      />
      <ScrollArea.Autosize mah={560} type="auto">
        <NavLink
          label="Tous les comptes"
          active={!selected}
          onClick={() => onSelect(undefined)}
          aria-current={!selected ? 'true' : undefined}
        />
        {accounts === undefined && <Skeleton height={200} />}
        {groups.map((g) => (
          <NavLink
            key={g.class}
            label={g.label}
            active={selected === g.class}
            defaultOpened={!!selected?.startsWith(g.class) || !!filter}
            childrenOffset={12}
            disableRightSectionRotation
            aria-current={selected === g.class ? 'true' : undefined}
            rightSection={
              <Badge variant="light" color="gray" aria-label={`${g.accounts.length} comptes`}>
                {g.accounts.length}
              </Badge>
            }
            onClick={() => onSelect(g.class)}
          >
            {g.accounts.map((a) => (
              <NavLink
                key={a.number}
                label={`${a.number} ${a.label}`}
                description={formatMoney(a.balance)}
                active={selected === a.number}
                aria-current={selected === a.number ? 'true' : undefined}
                onClick={() => onSelect(a.number)}
              />
            ))}
          </NavLink>
        ))}
      </ScrollArea.Autosize>
    </Card>
  );
}

const cell: CSSProperties = {
  padding: '0 8px',
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

interface Col {
  key: string;
  header: string;
  /** Fixed width; the label, without one, takes the rest. */
  px?: number;
  /** Dropped when the table is too narrow for it and a readable label, lowest first (columnsThatFit). */
  drop?: number;
  right?: boolean;
  /** false: not on a phone (390 px); 'only': only there, where the whole grid cannot fit. */
  phone?: false | 'only';
  render: (l: GreatBookLine) => string;
}

const COLUMNS: Col[] = [
  { key: 'account', header: 'Compte', px: 88, phone: false, render: (l) => l.account },
  { key: 'date', header: 'Date', px: 100, render: (l) => formatDate(l.date) },
  { key: 'journal', header: 'Journal', px: 72, drop: 3, phone: false, render: (l) => l.journal },
  { key: 'piece', header: 'Pièce', px: 96, drop: 1, phone: false, render: (l) => l.piece },
  { key: 'label', header: 'Libellé', render: (l) => l.label },
  {
    key: 'debit',
    header: 'Débit',
    px: 104,
    right: true,
    phone: false,
    render: (l) => (l.debit ? formatMoney(l.debit) : ''),
  },
  {
    key: 'credit',
    header: 'Crédit',
    px: 104,
    right: true,
    phone: false,
    render: (l) => (l.credit ? formatMoney(l.credit) : ''),
  },
  // On a phone, debit and credit in one signed column (debit positive), as a bank statement reads.
  {
    key: 'amount',
    header: 'Montant',
    px: 96,
    right: true,
    phone: 'only',
    render: (l) => formatMoney(Math.round((l.debit - l.credit) * 100) / 100),
  },
  { key: 'lettering', header: 'Lettrage', px: 84, drop: 2, phone: false, render: (l) => l.lettering ?? '' },
  { key: 'balance', header: 'Solde', px: 104, right: true, render: (l) => formatMoney(l.balance) },
];
const onScreen = (c: Col, phone: boolean) => (phone ? c.phone !== false : c.phone !== 'only');

/** The lines of the selection, virtualised against the page's scroll; only the pages in view are read. */
function LedgerLines({
  query,
  selection,
}: {
  query: { exercise: number; pageSize: number; accounts?: string; dateStart?: string; dateEnd?: string };
  selection: string | undefined;
}) {
  const single = !!selection && selection.length > 1 && !!selection.match(/^\d{4,}/);
  const phone = usePhone();
  // The table's own width (its 1 px borders aside), not the screen's: beside the menu and the
  // account tree, a laptop's ledger has less room than a tablet's, where the tree sits above it.
  const { ref: tableRef, width: tableWidth } = useElementSize();
  const columns = columnsThatFit(
    COLUMNS.filter((c) => (c.key !== 'account' || !single) && onScreen(c, phone)),
    Math.max(0, tableWidth - 2),
    LABEL_ROOM,
  );
  // On a phone the label may shrink below its room: the four columns left there cannot go.
  const template = columns.map((c) => (c.px ? `${c.px}px` : 'minmax(40px, 1fr)')).join(' ');
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: template };
  const first = usePageWindow(greatBookData, query, [1]);
  const head = first.page(1);
  const total = head?.total ?? 0;
  const { listRef, virtualizer, offset } = useWindowRows(total, ROW_HEIGHT, (i) => i);
  const items = virtualizer.getVirtualItems();
  const pages = pagesFor(items[0]?.index ?? 0, items[items.length - 1]?.index ?? 0, query.pageSize, total);
  const lines = usePageWindow(greatBookData, query, pages);
  const failed = first.entry(1)?.status === 'error' || first.entry(1)?.status === 'offline';

  const totals = head?.accounts ?? [];
  const sum = (k: 'debit' | 'credit' | 'balance' | 'opening') => totals.reduce((s, a) => s + a[k], 0);

  return (
    <Stack gap="sm">
      {head && (
        <Group gap="lg" wrap="wrap" style={TABULAR} aria-label="Totaux de la sélection" role="group">
          <Text size="sm">{formatCount(total, 'ligne')}</Text>
          <Text size="sm">Solde d’ouverture : {formatMoney(sum('opening'))}</Text>
          <Text size="sm">Total débit : {formatMoney(sum('debit'))}</Text>
          <Text size="sm">Total crédit : {formatMoney(sum('credit'))}</Text>
          <Text size="sm" fw={700}>
            Solde : {formatMoney(sum('balance'))}
          </Text>
        </Group>
      )}
      {failed && !head && <Text c="red.8">Le grand livre n’a pas pu être lu : vérifiez la connexion.</Text>}
      <div
        ref={tableRef}
        role="table"
        aria-label="Lignes du grand livre"
        aria-rowcount={total + 1}
        aria-busy={!head && !failed}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, ...TABULAR }}
      >
        <div role="rowgroup" style={{ position: 'sticky', top: 'var(--app-shell-header-height, 64px)', zIndex: 2 }}>
          <div
            role="row"
            aria-rowindex={1}
            style={{
              ...grid,
              height: 40,
              background: 'var(--mantine-color-gray-0)',
              borderBottom: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            {columns.map((c) => (
              <div
                key={c.key}
                role="columnheader"
                style={{
                  ...cell,
                  fontWeight: 700,
                  fontSize: 'var(--mantine-font-size-sm)',
                  justifyContent: c.right ? 'flex-end' : undefined,
                }}
              >
                {c.header}
              </div>
            ))}
          </div>
        </div>
        <div ref={listRef} role="rowgroup">
          {head && total === 0 && (
            <div role="row" style={{ padding: 16 }}>
              <div role="cell">
                <Text c="dimmed">Aucune écriture sur cette sélection.</Text>
              </div>
            </div>
          )}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const n = Math.floor(item.index / query.pageSize) + 1;
              const line = lines.page(n)?.items[item.index % query.pageSize];
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  style={{
                    ...grid,
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start - offset}px)`,
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    background: item.index % 2 ? 'var(--mantine-color-gray-0)' : undefined,
                    fontSize: 'var(--mantine-font-size-sm)',
                  }}
                >
                  {line ? (
                    columns.map((c) => (
                      <div
                        key={c.key}
                        role="cell"
                        title={c.key === 'label' ? line.label : undefined}
                        style={{ ...cell, justifyContent: c.right ? 'flex-end' : undefined }}
                      >
                        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{c.render(line)}</span>
                      </div>
                    ))
                  ) : (
                    <div role="cell" style={{ ...cell, gridColumn: '1 / -1' }}>
                      <Skeleton height={16} />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </Stack>
  );
}
