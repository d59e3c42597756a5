import { Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { formatDiscount, hasDiscount } from '../../../domain/discounts';
import { formatMoney, formatNumber, formatPercent } from '../../../domain/format';
import { isStandardLine, lineTotal, SPACER_CODE } from '../../../domain/totals';
import type { EditorLine } from '../types';
import { LineActions, LineEditForm, LineLabel, type EditProps, type LineHandlers } from './line-rows';

const COLUMN = { ...CARD, flexDirection: 'column', alignItems: 'stretch' } as const;

interface Props {
  lines: EditorLine[];
  on: LineHandlers;
  /** A validated invoice or a closed quote: no buttons, no line in edit. */
  readOnly?: boolean;
  vatRates?: number[];
  units?: string[];
}

/** What a line says once written: its label, « 2 h × 45,00 € HT · TVA 20 % », its total. */
function LineSummary({ line }: { line: EditorLine }) {
  if (!isStandardLine(line)) {
    return line.code === SPACER_CODE ? (
      <Text size="sm" c="dimmed" fs="italic">
        Ligne d’espacement
      </Text>
    ) : (
      <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {line.label || 'Commentaire vide'}
      </Text>
    );
  }
  const quantity = `${formatNumber(Number(line.quantity) || 0, 3)}${line.unitMeasurement ? ` ${line.unitMeasurement}` : ''}`;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <div style={{ flex: 1, minWidth: 0 }}>
        <LineLabel line={line} />
        <Text size="xs" c="dimmed" className="tabular">
          {quantity} × {formatMoney(line.unitPrice)} HT · TVA {formatPercent(Number(line.vatRate) || 0)}
        </Text>
        {hasDiscount(line.discount) && (
          <Text size="xs" c="dimmed">
            Remise {formatDiscount(line.discount)}
          </Text>
        )}
      </div>
      <Text size="sm" fw={600} className="tabular" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(lineTotal(line))}
      </Text>
    </Group>
  );
}

/**
 * A phone's lines (below 36em): one card per line instead of the seven-column table, which scrolled
 * sideways with the line being written cut off at the screen's edge. The same names and buttons as
 * the table's rows; a line in edit shows its fields one under the other.
 */
export function LineCards({ lines, on, readOnly, vatRates = NONE, units = NO_UNITS }: Props) {
  return (
    <ul role="list" aria-label="Lignes du document" style={CARD_LIST}>
      {lines.map((line, index) => (
        <LineCard
          key={line.id}
          line={line}
          index={index}
          count={lines.length}
          on={on}
          readOnly={readOnly}
          vatRates={vatRates}
          units={units}
        />
      ))}
    </ul>
  );
}

const NONE: number[] = [];
const NO_UNITS: string[] = [];

/** One line's card, memoised: a keystroke in one line or in the document's fields leaves the others be. */
const LineCard = memo(function LineCard({
  line,
  index,
  count,
  on,
  readOnly,
  vatRates,
  units,
}: EditProps & { readOnly?: boolean }) {
  const editing = line.status === 'edit' && !readOnly;
  return (
    <li style={editing ? { ...COLUMN, background: 'var(--mantine-color-default-hover)' } : COLUMN}>
      {editing ? (
        <LineEditForm line={line} index={index} count={count} on={on} vatRates={vatRates} units={units} />
      ) : (
        <Stack gap={4}>
          <LineSummary line={line} />
          {!readOnly && <LineActions line={line} index={index} count={count} on={on} />}
        </Stack>
      )}
    </li>
  );
});
