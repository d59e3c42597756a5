// Decision 046: where the company's legal details are entered (the invoices module, beside its lists).
export const LEGAL_DETAILS_PATH = '/mes-factures/mentions-legales';

/** A refusal naming the seller's missing legal details (the rulebook's legalDetailsRefusal, or the server's). */
export const isLegalDetailsRefusal = (message: string): boolean => /mentions légales de la société/i.test(message);
