import { checkEInvoice } from '../modules/received-invoices/official-check';

// The official verdict on a flow the local platform receives (decision 087): the server's one
// validation function, checkEInvoice (decision 086: XSD, profile Schematron, EN 16931 and the
// French rules, in the reader threads). The platform imports nothing else of the server's modules.
// A platform is stricter than « Factures reçues »: any fatal failure, French rules included, rejects.

export interface FailedRule {
  rule: string;
  message: string;
}

/** The fatal failures of a flow's file (none: the platform accepts it). */
export async function validateFlowFile(bytes: Uint8Array, fileName: string): Promise<FailedRule[]> {
  const check = await checkEInvoice(bytes, fileName);
  return check.failures.filter((f) => f.flag === 'fatal').map((f) => ({ rule: f.ruleId, message: f.message }));
}
