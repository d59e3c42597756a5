import { Group, Stack, Text } from '@mantine/core';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { formatDiscount, hasDiscount } from '../../../domain/discounts';
import { formatMoney, formatNumber, formatPercent } from '../../../domain/format';
import { isStandardLine, lineTotal, SPACER_CODE } from '../../../domain/totals';
import type { EditorLine } from '../types';
import { LineActions, LineEditForm, LineLabel, type LineHandlers } from './line-rows';

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
export function LineCards({ lines, on, readOnly, vatRates = [], units = [] }: Props) {
  return (
    <ul role="list" aria-label="Lignes du document" style={CARD_LIST}>
      {lines.map((line, index) => (
        <li
          key={line.id}
          style={
            line.status === 'edit' && !readOnly
              ? { ...COLUMN, background: 'var(--mantine-color-default-hover)' }
              : COLUMN
          }
        >
          {line.status === 'edit' && !readOnly ? (
            <LineEditForm line={line} index={index} count={lines.length} on={on} vatRates={vatRates} units={units} />
          ) : (
            <Stack gap={4}>
              <LineSummary line={line} />
              {!readOnly && <LineActions line={line} index={index} count={lines.length} on={on} />}
            </Stack>
          )}
        </li>
      ))}
    </ul>
  );
}
