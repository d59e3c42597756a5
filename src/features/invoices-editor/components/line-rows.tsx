import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { memo } from 'react';
import {
  IconArrowDown,
  IconArrowsMoveVertical,
  IconArrowUp,
  IconCheck,
  IconCopy,
  IconDots,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { discountValueError, formatDiscount, hasDiscount } from '../../../domain/discounts';
import { COMMENT_CODE, isStandardLine, lineTotal, SPACER_CODE } from '../../../domain/totals';
import type { EditorLine } from '../types';
import { DiscountInput } from './discount-input';
import { FrenchNumberInput } from './french-number-input';
import { formatMoney, formatNumber, formatPercent } from '../../../domain/format';

export const COLUMNS = 7;

type Patch = Partial<
  Pick<EditorLine, 'label' | 'quantity' | 'unitMeasurement' | 'unitPrice' | 'vatRate' | 'code' | 'discount'>
>;

export interface LineHandlers {
  edit: (id: EditorLine['id']) => void;
  done: (id: EditorLine['id']) => void;
  patch: (id: EditorLine['id'], patch: Patch) => void;
  move: (id: EditorLine['id'], delta: -1 | 1) => void;
  /** Asks where to (« Déplacer vers… »), then moves the line there in one step. */
  moveTo: (line: EditorLine) => void;
  duplicate: (id: EditorLine['id']) => void;
  remove: (line: EditorLine) => void;
}

export const lineName = (line: EditorLine, index: number) =>
  line.code === SPACER_CODE
    ? `ligne ${index + 1} (espacement)`
    : `ligne ${index + 1}${line.label.trim() ? ` « ${line.label.trim().slice(0, 40)} »` : ''}`;

function LineMenu({ line, index, count, on }: { line: EditorLine; index: number; count: number; on: LineHandlers }) {
  const name = lineName(line, index);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Autres actions sur la ${name}`}>
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconArrowUp size={16} />} disabled={index === 0} onClick={() => on.move(line.id, -1)}>
          Monter
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowDown size={16} />}
          disabled={index === count - 1}
          onClick={() => on.move(line.id, 1)}
        >
          Descendre
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowsMoveVertical size={16} />}
          disabled={count < 2}
          onClick={() => on.moveTo(line)}
        >
          Déplacer vers…
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => on.duplicate(line.id)}>
          Dupliquer la ligne
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => on.remove(line)}>
          Supprimer la ligne
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A line's edit button (the focus comes back to it after « Terminer ») and its menu. */
export function LineActions({
  line,
  index,
  count,
  on,
}: {
  line: EditorLine;
  index: number;
  count: number;
  on: LineHandlers;
}) {
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        size={44}
        aria-label={`Modifier la ${lineName(line, index)}`}
        data-line-edit={String(line.id)}
        onClick={() => on.edit(line.id)}
      >
        <IconPencil size={20} />
      </ActionIcon>
      <LineMenu line={line} index={index} count={count} on={on} />
    </Group>
  );
}

/** A written line's label (« Sans libellé » when empty) and its article code: in a row or a card. */
export function LineLabel({ line }: { line: EditorLine }) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {line.label || (
          <Text span c="dimmed" size="sm">
            Sans libellé
          </Text>
        )}
      </Text>
      {line.code && line.code !== '00' && (
        <Text size="xs" c="dimmed">
          Code {line.code}
        </Text>
      )}
    </>
  );
}

/**
 * Read state: formatted text; comment and spacer lines span the amount columns. Memoised, as EditRow:
 * a keystroke elsewhere in the document does not redraw a 150-line quote's rows (310 ms a key at
 * CPU 4× before).
 */
export const ReadRow = memo(function ReadRow({
  line,
  index,
  count,
  on,
  readOnly,
}: {
  line: EditorLine;
  index: number;
  count: number;
  on: LineHandlers;
  readOnly?: boolean;
}) {
  const standard = isStandardLine(line);
  const actions = !readOnly && (
    <Table.Td style={{ whiteSpace: 'nowrap', width: 1 }}>
      <LineActions line={line} index={index} count={count} on={on} />
    </Table.Td>
  );
  if (!standard) {
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS - 1}>
          {line.code === SPACER_CODE ? (
            <Text size="sm" c="dimmed" fs="italic">
              Ligne d’espacement
            </Text>
          ) : (
            <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
              {line.label || 'Commentaire vide'}
            </Text>
          )}
        </Table.Td>
        {actions}
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>
        <LineLabel line={line} />
      </Table.Td>
      <Table.Td ta="right">{formatNumber(Number(line.quantity) || 0, 3)}</Table.Td>
      <Table.Td>{line.unitMeasurement}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(line.unitPrice)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatPercent(Number(line.vatRate) || 0)}
      </Table.Td>
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(lineTotal(line))}
        {hasDiscount(line.discount) && (
          <Text size="xs" c="dimmed" fw={400}>
            Remise {formatDiscount(line.discount)}
          </Text>
        )}
      </Table.Td>
      {actions}
    </Table.Tr>
  );
});

/** Edit state: labelled inputs over the whole row width (readable on a tablet too). */
export const EditRow = memo(function EditRow(props: EditProps) {
  return (
    <Table.Tr bg="var(--mantine-color-default-hover)">
      <Table.Td colSpan={COLUMNS}>
        <LineEditForm {...props} />
      </Table.Td>
    </Table.Tr>
  );
});

export interface EditProps {
  line: EditorLine;
  index: number;
  count: number;
  on: LineHandlers;
  vatRates: number[];
  units: string[];
}

/** A line's fields and its buttons (move, remove, finish): in a table row, or a phone's card. */
export function LineEditForm({ line, index, count, on, vatRates, units }: EditProps) {
  const name = lineName(line, index);
  const vatData = [...new Set([...vatRates, Number(line.vatRate) || 0])]
    .sort((a, b) => b - a)
    .map((r) => ({ value: String(r), label: formatPercent(r) }));
  const body =
    line.code === SPACER_CODE ? (
      <Text size="sm" c="dimmed">
        Ligne d’espacement : une ligne vide sur le document.
      </Text>
    ) : line.code === COMMENT_CODE || !isStandardLine(line) ? (
      <Textarea
        label="Commentaire"
        autosize
        minRows={2}
        maxRows={8}
        value={line.label}
        onChange={(e) => on.patch(line.id, { label: e.currentTarget.value })}
        data-autofocus
      />
    ) : (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} spacing="sm" verticalSpacing="xs">
        <Textarea
          label="Libellé"
          autosize
          minRows={1}
          maxRows={6}
          value={line.label}
          onChange={(e) => on.patch(line.id, { label: e.currentTarget.value })}
          style={{ gridColumn: '1 / -1' }}
        />
        <TextInput
          label="Code article"
          value={line.code}
          maxLength={50}
          onChange={(e) => on.patch(line.id, { code: e.currentTarget.value })}
        />
        <FrenchNumberInput
          label="Quantité"
          format="quantity"
          value={Number(line.quantity) || 0}
          onValue={(quantity) => on.patch(line.id, { quantity })}
        />
        <Autocomplete
          label="Unité"
          data={[...new Set(units)]}
          value={line.unitMeasurement}
          onChange={(unitMeasurement) => on.patch(line.id, { unitMeasurement })}
        />
        <FrenchNumberInput
          label="Prix unitaire HT"
          rightSection="€"
          value={Number(line.unitPrice) || 0}
          onValue={(unitPrice) => on.patch(line.id, { unitPrice })}
        />
        <Select
          label="TVA"
          data={vatData}
          value={String(Number(line.vatRate) || 0)}
          allowDeselect={false}
          onChange={(v) => on.patch(line.id, { vatRate: Number(v ?? 0) })}
        />
        <DiscountInput
          label="Remise"
          kindLabel={`Type de remise de la ${name}`}
          value={line.discount}
          error={discountValueError(line.discount)}
          onChange={(discount) => on.patch(line.id, { discount })}
        />
        <TextInput label="Total HT" value={formatMoney(lineTotal(line))} readOnly variant="filled" />
      </SimpleGrid>
    );
  return (
    <div data-line-form={String(line.id)}>
      {body}
      <Group justify="space-between" mt="sm" gap="xs">
        <Group gap="xs">
          <Button
            variant="subtle"
            size="sm"
            mih={44}
            leftSection={<IconArrowUp size={16} />}
            disabled={index === 0}
            onClick={() => on.move(line.id, -1)}
            aria-label={`Monter la ${name}`}
          >
            Monter
          </Button>
          <Button
            variant="subtle"
            size="sm"
            mih={44}
            leftSection={<IconArrowDown size={16} />}
            disabled={index === count - 1}
            onClick={() => on.move(line.id, 1)}
            aria-label={`Descendre la ${name}`}
          >
            Descendre
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            mih={44}
            leftSection={<IconTrash size={16} />}
            onClick={() => on.remove(line)}
            aria-label={`Supprimer la ${name}`}
          >
            Supprimer
          </Button>
        </Group>
        <Button
          size="sm"
          mih={44}
          leftSection={<IconCheck size={16} />}
          onClick={() => on.done(line.id)}
          aria-label={`Terminer la ${name}`}
        >
          Terminer
        </Button>
      </Group>
    </div>
  );
}
