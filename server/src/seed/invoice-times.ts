/**
 * When a seeded invoice was created: the morning of its billing date (08:30 UTC), and at the latest an
 * hour and a half before its validation. Left to the column's default (the seeding time), every demo
 * invoice's history said « Facture créée » on the day the demo was loaded, after « Validée » weeks
 * or months before.
 */
export function createdBefore(billingDate: string, validatedAt: Date): Date {
  const morning = new Date(`${billingDate}T08:30:00Z`);
  const before = new Date(validatedAt.getTime() - 90 * 60_000);
  return morning < before ? morning : before;
}
