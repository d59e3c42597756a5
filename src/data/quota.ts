// A full device must never lose what is already stored: Dexie transactions abort as a whole, and
// the user gets this message instead of a silent failure.

export const QUOTA_MESSAGE =
  'Espace de stockage insuffisant sur cet appareil : la modification n’a pas pu être enregistrée hors ligne. Libérez de l’espace puis réessayez.';

/** QuotaExceededError itself, or wrapped by Dexie (AbortError with inner, BulkError with failures). */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { name?: string; inner?: unknown; failures?: unknown[]; cause?: unknown };
  if (e.name === 'QuotaExceededError') return true;
  if (isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1)) return true;
  return Array.isArray(e.failures) && e.failures.some((f) => isQuotaError(f, depth + 1));
}
