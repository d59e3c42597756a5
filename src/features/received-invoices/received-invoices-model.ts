// Screen logic of « Factures reçues », pure and tested.
import { formatMoney } from '../../domain/format';
import type { ReceivedInvoiceRow } from './api/received-invoices-api';

/** The deposit's file picker: what an e-invoice can be. */
export const EINVOICE_ACCEPT = '.pdf,.xml,application/pdf,application/xml,text/xml';

/** Explicit pairs (axe color-contrast): green for « Conforme », red for anomalies. */
export function statusColors(status: ReceivedInvoiceRow['status']): { bg: string; fg: string } {
  return status === 'conforme' ? { bg: '#d3f9d8', fg: '#1e5e2d' } : { bg: '#ffe3e3', fg: '#a51111' };
}

const FORMAT_LABELS: Record<ReceivedInvoiceRow['format'], string> = {
  facturx: 'Factur-X (PDF)',
  cii: 'CII (XML)',
  ubl: 'UBL (XML)',
};
export const formatLabel = (format: ReceivedInvoiceRow['format']) => FORMAT_LABELS[format];

/** An amount that the file may not give: « — » then. */
export const amountText = (n: number | null) => (n === null ? '—' : formatMoney(n));

/** The toast after a deposit: what the server found, in one sentence. */
export function depositSummary(
  r: Pick<ReceivedInvoiceRow, 'kind' | 'number' | 'supplierName' | 'status' | 'statusLabel'>,
) {
  const credit = r.kind === 'Avoir';
  const what = `${credit ? 'L’avoir' : 'La facture'} ${r.number} de ${r.supplierName || 'ce fournisseur'}`;
  const read = credit ? 'lu' : 'lue';
  return r.status === 'conforme'
    ? `${what} est ${read} et conforme.`
    : `${what} est ${read} : ${r.statusLabel} à vérifier.`;
}

// UN/ECE Rec 20 unit codes in French; a plain unit (C62, H87, EA) shows none.
const UNITS: Record<string, string> = {
  C62: '',
  H87: '',
  EA: '',
  HUR: 'h',
  DAY: 'j',
  MIN: 'min',
  KGM: 'kg',
  GRM: 'g',
  TNE: 't',
  MTR: 'm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'L',
  MON: 'mois',
  ANN: 'an',
  WEE: 'semaine',
  SET: 'lot',
  KWH: 'kWh',
};

/** The unit after a quantity: « h », « kg »…; '' for a plain unit; the code itself when unknown. */
export const unitText = (code: string) => UNITS[code] ?? code;
