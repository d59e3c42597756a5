import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { usePhone } from '../../../components/use-phone';
import { formatMoney } from '../../../domain/format';

export interface BarTotals {
  ht: number;
  tva: number;
  ttc: number;
}

/**
 * The editor's actions and totals, stuck to the bottom of the window (decision 068): on a
 * 900 px-high laptop "Aperçu", "Enregistrer", "Valider" and the total stay in view while the
 * lines scroll. Above the footer, which Mantine's AppShell fixes on wide screens. On a phone, the
 * total TTC alone (HT and TVA are in « Totaux »): the bar took a quarter of the screen's height.
 */
export function ActionBar({ totals, children }: { totals: BarTotals | null; children: ReactNode }) {
  const phone = usePhone();
  const ref = useStickyHeight();
  return (
    <Paper
      ref={ref}
      component="section"
      aria-label="Actions du document"
      withBorder
      shadow="md"
      radius="md"
      px={phone ? 'xs' : 'md'}
      py="xs"
      style={{ position: 'sticky', bottom: 'calc(var(--app-shell-footer-offset, 0rem) + 8px)', zIndex: 5 }}
    >
      {/* Actions first (left): toasts appear bottom right, and one appearing under the pointer
          that just clicked would never close by itself (Mantine pauses it while hovered). */}
      <Group justify="space-between" gap={phone ? 'xs' : 'sm'} wrap="wrap">
        {children}
        {totals ? (
          <Group gap="md" wrap="wrap" className="tabular">
            {!phone && (
              <>
                <Text size="sm">
                  Total HT <strong>{formatMoney(totals.ht)}</strong>
                </Text>
                <Text size="sm">
                  TVA <strong>{formatMoney(totals.tva)}</strong>
                </Text>
              </>
            )}
            <Text size="md" fw={700}>
              Total TTC {formatMoney(totals.ttc)}
            </Text>
          </Group>
        ) : (
          <span />
        )}
      </Group>
    </Paper>
  );
}

/**
 * The bar's height, written on the page (`--sticky-actions-height`) while it is shown: the page's
 * scroll padding (styles.css) keeps a field reached with Tab above the bar instead of under it.
 * Read from the ResizeObserver's entry, after the browser's layout, and written only when it
 * changes: reading offsetHeight at mount forced a layout of the whole editor there and then, and
 * each write of a property on the root restyles the whole page.
 */
function useStickyHeight() {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!node) return;
    const root = document.documentElement.style;
    let written = '';
    const observer = new ResizeObserver(([entry]) => {
      const height = `${Math.round(entry.borderBoxSize?.[0]?.blockSize ?? node.offsetHeight)}px`;
      if (height === written) return;
      written = height;
      root.setProperty('--sticky-actions-height', height);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.removeProperty('--sticky-actions-height');
    };
  }, [node]);
  return setNode;
}
