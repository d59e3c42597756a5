import { hasDiscount } from '../../../../src/domain/discounts';
import type { InvoiceMentions } from '../../../../src/domain/invoice-checks';
import { roundPrice } from '../../../../src/domain/money';
import { lineTotal } from '../../../../src/domain/totals';
import type { Discount, InvoiceLine, InvoicePayload, QuotePayload } from '../../../../src/domain/types';
import { fromWire } from '../../../../src/domain/wire-names';

// The request schemas (structural validation, 400) live in the contract (src/contract/invoices-wire.ts,
// decision 021); here the server's mapping of them to the rulebook's shapes.
export {
  invoicePayloadSchema,
  invoicePreviewSchema,
  lineSchema,
  quotePayloadSchema,
  quotePreviewSchema,
  type ParsedInvoicePayload,
  type ParsedQuotePayload,
} from '../../../../src/contract/invoices-wire';
import type { ParsedInvoicePayload, ParsedQuotePayload } from '../../../../src/contract/invoices-wire';

/** The document discount as stored: two columns, null when there is none. */
export function discountColumns(d: Discount | null | undefined): {
  discountType: string | null;
  discountValue: string | null;
} {
  return hasDiscount(d)
    ? { discountType: d.type, discountValue: roundPrice(d.value).toFixed(2) }
    : { discountType: null, discountValue: null };
}

/** The stored columns back as the wire's discount. */
export function discountOf(row: { discountType: string | null; discountValue: string | null }): Discount | null {
  return row.discountType === 'percent' || row.discountType === 'amount'
    ? { type: row.discountType, value: Number(row.discountValue ?? 0) }
    : null;
}

/** Lines as stored: the total is the rulebook's, never the client's. */
export function normalizeLines(lines: InvoiceLine[]): InvoiceLine[] {
  return lines.map((l) => ({ ...l, total: lineTotal(l) }));
}

/** An invoice as the server writes it: the payload and the reform's mentions (decision 046). */
export type InvoiceWrite = InvoicePayload & InvoiceMentions;

/** The parsed wire payload in the domain's names (paymentMode, billingAddress). */
export function asInvoicePayload(wire: ParsedInvoicePayload): InvoiceWrite {
  const p = fromWire(wire);
  return {
    ...p,
    customer: p.customer && p.customer.accountNumber.trim() ? { accountNumber: p.customer.accountNumber.trim() } : null,
    operationKind: p.operationKind ?? null,
    vatOnDebits: p.vatOnDebits ?? null,
    deliveryAddress: p.deliveryAddress?.trim() || null,
    saleDate: p.saleDate ?? null,
  };
}

export function asQuotePayload(wire: ParsedQuotePayload): QuotePayload {
  const p = fromWire(wire);
  return {
    ...p,
    customer: p.customer && p.customer.accountNumber.trim() ? { accountNumber: p.customer.accountNumber.trim() } : null,
  };
}
