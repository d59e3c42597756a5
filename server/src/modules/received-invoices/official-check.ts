import { EInvoiceReadError } from '../../../../src/einvoice/parse';
import { OfficialRefusal, type OfficialReport } from './official-report';
import type { ReadInvoice } from './read';
import { readInvoiceOffThread } from './reader-pool';

export type {
  OfficialFailure,
  OfficialProfile,
  OfficialReport,
  OfficialSyntax,
  OfficialValidator,
  OfficialVerdict,
} from './official-report';

// Decision 086: the official validators of an e-invoice, for whoever receives one (« Factures
// reçues », the local e-invoicing platform): XSD + profile Schematron + EN 16931 + French rules,
// run in the reader threads (reader-pool.ts), never on the event loop.

export interface EInvoiceCheck extends OfficialReport {
  /** What was read of a kept invoice (number, seller, totals…); null when refused. */
  read: ReadInvoice | null;
}

/**
 * The official verdict on a file (a Factur-X PDF, a CII or UBL XML):
 * - 'conforme' (status null): no fatal failure; warnings may be listed;
 * - 'anomalies' (status null): only the French rules (BR-FR) fail, listed in `failures`;
 * - 'refused' (415: not an e-invoice; 422: unreadable, or an XSD, profile or EN 16931 fatal failure).
 * A fault of the server itself (the rules not compiled…) rejects the promise.
 */
export async function checkEInvoice(
  bytes: Uint8Array,
  fileName: string,
  opts: { timeoutMs?: number } = {},
): Promise<EInvoiceCheck> {
  try {
    const read = await readInvoiceOffThread(bytes, fileName, opts);
    return { ...read.official, read };
  } catch (error) {
    if (error instanceof OfficialRefusal) return { ...error.report, status: 422, read: null };
    if (!(error instanceof EInvoiceReadError)) throw error;
    return {
      verdict: 'refused',
      status: error.status,
      syntax: null,
      profile: null,
      failures: [error.message, ...error.details].map((text) => ({
        ruleId: 'LECTURE',
        flag: 'fatal' as const,
        text,
        validator: 'lecture' as const,
        message: text,
      })),
      read: null,
    };
  }
}
