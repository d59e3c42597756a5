// Types of scripts/einvoice-sef.mjs (decision 086), for the tests and the bench that compile the rules first.
export const ROOT: string;
export const SEF_CACHE: string;
export const STYLESHEETS: Record<string, { xslt: string; codedb?: string }>;
export function ensureEInvoiceSefs(opts?: { root?: string; log?: (line: string) => void }): Promise<string>;
