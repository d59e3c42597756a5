// Decision 088: where the company's approved platform is set (the invoices module, beside its lists).
export const PLATFORM_SETTINGS_PATH = '/mes-factures/plateforme';
