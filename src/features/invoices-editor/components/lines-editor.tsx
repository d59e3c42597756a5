import {
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { IconMessage, IconPlus, IconSpace } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState } from 'react';
import { searchKey } from '../../../domain/search-text';
import type { Article } from '../../../domain/types';
import {
  addArticleLine,
  addBlankLine,
  duplicateLine,
  moveLine,
  moveLineTo,
  newLineId,
  removeLine,
  setLineStatus,
  updateLine,
} from '../line-ops';
import type { EditorForm, EditorLine } from '../types';
import { usePhone } from '../../../components/use-phone';
import { LineCards } from './line-cards';
import { MoveLineDialog } from './move-line-dialog';
import { EditRow, lineName, ReadRow, type LineHandlers } from './line-rows';
import { formatMoney } from '../../../domain/format';

interface Props {
  lines: EditorLine[];
  change: (fn: (form: EditorForm) => EditorForm) => void;
  articles: Article[];
  vatRates: number[];
  units: string[];
}

const ARTICLE_LIMIT = 50;

export const LinesHeader = memo(function LinesHeader({ actions = true }: { actions?: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Désignation</Table.Th>
        <Table.Th ta="right">Qté</Table.Th>
        <Table.Th>Unité</Table.Th>
        <Table.Th ta="right">PU HT</Table.Th>
        <Table.Th ta="right">TVA</Table.Th>
        <Table.Th ta="right">Total HT</Table.Th>
        {actions && (
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
});

/** After a line is finished or moved, its « Modifier » button takes the focus (and scrolls into view). */
function focusLineSoon(id: EditorLine['id']) {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-line-edit="${CSS.escape(String(id))}"]`)?.focus(),
  );
}

/** The catalogue picker: search by code, designation or label; picking adds the line. */
function ArticlePicker({ articles, onPick }: { articles: Article[]; onPick: (a: Article) => void }) {
  const [search, setSearch] = useState('');
  const { data, keys } = useMemo(() => {
    const standard = articles.filter((a) => a.code);
    return {
      data: standard.map((a) => ({
        value: String(a.id ?? a.code),
        label: `${a.code} – ${a.label?.trim() ? a.label.split('\n')[0] : a.designation}${a.type === 'Commentaire' ? ' (commentaire)' : ` (${formatMoney(a.unitPriceHT)} HT)`}`,
      })),
      keys: new Map(
        standard.map((a) => [
          String(a.id ?? a.code),
          { key: searchKey(`${a.code} ${a.designation} ${a.label}`), article: a },
        ]),
      ),
    };
  }, [articles]);
  const filter: OptionsFilter = ({ options, search: q, limit }) => {
    const words = searchKey(q).split(' ').filter(Boolean);
    const out: ComboboxItem[] = [];
    for (const o of options as ComboboxItem[]) {
      if (words.every((w) => (keys.get(o.value)?.key ?? '').includes(w))) out.push(o);
      if (out.length >= limit) break;
    }
    return out;
  };
  return (
    <Select
      label="Ajouter un article du catalogue"
      placeholder={articles.length ? 'Rechercher un article' : 'Aucun article sur cet appareil'}
      searchable
      data={data}
      filter={filter}
      limit={ARTICLE_LIMIT}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="Aucun article trouvé"
      w={{ base: '100%', sm: 420 }}
      onChange={(value) => {
        const picked = value ? keys.get(value)?.article : undefined;
        if (picked) onPick(picked);
        setSearch('');
      }}
    />
  );
}

/**
 * INV-29, INV-19: the lines table with inline edit/read state, catalogue, free, comment and spacer lines.
 * Memoised with stable handlers: typing in the document's fields, or in one line, redraws only what
 * changed (a 150-line quote took 310 ms a keystroke at CPU 4× when every row was redrawn).
 */
export const LinesEditor = memo(function LinesEditor({ lines, change, articles, vatRates, units }: Props) {
  const [toRemove, setToRemove] = useState<EditorLine | null>(null);
  const [toMove, setToMove] = useState<EditorLine | null>(null);
  const phone = usePhone();
  const setLines = useCallback(
    (fn: (lines: EditorLine[]) => EditorLine[]) => change((f) => ({ ...f, lines: fn(f.lines) })),
    [change],
  );
  const on = useMemo<LineHandlers>(
    () => ({
      edit: (id) => setLines((ls) => setLineStatus(ls, id, 'edit')),
      done: (id) => {
        setLines((ls) => setLineStatus(ls, id, 'read'));
        // Keyboard users go on from the line they just finished, not from the top of the page.
        focusLineSoon(id);
      },
      patch: (id, patch) => setLines((ls) => updateLine(ls, id, patch)),
      move: (id, delta) => setLines((ls) => moveLine(ls, id, delta)),
      moveTo: (line) => setToMove(line),
      duplicate: (id) => {
        const copyId = newLineId();
        setLines((ls) => duplicateLine(ls, id, copyId));
        // The copy is there to be adjusted: the keyboard starts in its first field.
        requestAnimationFrame(() =>
          document
            .querySelector<HTMLElement>(`[data-line-form="${CSS.escape(copyId)}"] :is(textarea, input, button)`)
            ?.focus(),
        );
      },
      remove: (line) => setToRemove(line),
    }),
    [setLines],
  );
  const removing = toRemove ? lines.findIndex((l) => l.id === toRemove.id) : -1;
  const moving = toMove ? lines.findIndex((l) => l.id === toMove.id) : -1;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Lignes
      </Title>
      {phone ? (
        <LineCards lines={lines} on={on} vatRates={vatRates} units={units} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover={false}>
            <LinesHeader />
            <Table.Tbody>
              {lines.map((line, i) =>
                line.status === 'edit' ? (
                  <EditRow
                    key={line.id}
                    line={line}
                    index={i}
                    count={lines.length}
                    on={on}
                    vatRates={vatRates}
                    units={units}
                  />
                ) : (
                  <ReadRow key={line.id} line={line} index={i} count={lines.length} on={on} />
                ),
              )}
              {lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" size="sm" ta="center" py="md">
                      Aucune ligne : ajoutez un article du catalogue ou une ligne libre.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {phone && lines.length === 0 && (
        <Text c="dimmed" size="sm" py="md">
          Aucune ligne : ajoutez un article du catalogue ou une ligne libre.
        </Text>
      )}
      <Stack gap="sm" mt="md">
        <ArticlePicker articles={articles} onPick={(a) => setLines((ls) => addArticleLine(ls, a))} />
        <Group gap="sm">
          <Button
            variant="light"
            mih={44}
            leftSection={<IconPlus size={18} />}
            onClick={() => setLines((ls) => addBlankLine(ls, 'standard'))}
          >
            Ligne libre
          </Button>
          <Button
            variant="light"
            mih={44}
            leftSection={<IconMessage size={18} />}
            onClick={() => setLines((ls) => addBlankLine(ls, 'comment'))}
          >
            Commentaire
          </Button>
          <Button
            variant="light"
            mih={44}
            leftSection={<IconSpace size={18} />}
            onClick={() => setLines((ls) => addBlankLine(ls, 'spacer'))}
          >
            Espacement
          </Button>
        </Group>
      </Stack>
      <MoveLineDialog
        moving={toMove && moving >= 0 ? { line: toMove, index: moving } : null}
        count={lines.length}
        onClose={() => setToMove(null)}
        onMove={(line, position) => {
          setLines((ls) => moveLineTo(ls, line.id, position));
          setToMove(null);
          focusLineSoon(line.id);
        }}
      />
      <Modal
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        title="Supprimer la ligne ?"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <Text size="sm">{toRemove ? `La ${lineName(toRemove, removing)} sera retirée du document.` : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" mih={44} onClick={() => setToRemove(null)}>
            Annuler
          </Button>
          <Button
            color="red"
            mih={44}
            onClick={() => {
              if (toRemove) setLines((ls) => removeLine(ls, toRemove.id));
              setToRemove(null);
            }}
          >
            Supprimer
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
});
