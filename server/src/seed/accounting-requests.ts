import { announcesRequest } from '../../../src/domain/information-requests';
import { addDays } from '../../../src/domain/dates';
import type { RequiredDetail } from '../../../src/contract/accounting';
import { addAnswer, closeRequest, createRequest, type AnswerFile } from '../modules/accounting/requests';
import { greatBook, resolvePeriod } from '../modules/accounting/service';
import { storageFor } from '../modules/documents/service';
import { demoPdf } from '../modules/documents/seed-files';
import { listNotifications, markRead } from '../modules/notifications/service';
import type { SeedContext } from './modules';
import { demoCalendar } from './demo-calendar';

type Kind = 'document' | 'explanation';

/** Still waiting for the bakery: asked on the four days before the seeding day, oldest first. */
const OPEN: Array<[account: string, kind: Kind, question: string]> = [
  ['40', 'document', 'Pouvez-vous nous transmettre la facture correspondant à ce règlement ?'],
  ['53', 'explanation', 'Cette remise d’espèces est inhabituelle : à quoi correspond-elle ?'],
  ['6278', 'explanation', 'Ces commissions bancaires ont augmenté : avez-vous changé de terminal de paiement ?'],
  ['6061', 'document', 'Merci de déposer la facture d’énergie de cette période.'],
];

/** Asking about a company's entries, as the firm (admin) would: `null` without an imported exercise. */
async function requestsOf(ctx: SeedContext, companyId: number, today: string) {
  const { db } = ctx.deps;
  const exercise = await resolvePeriod(db, companyId, {});
  if (!exercise) return null;
  // An entry of the account in the given window (its fifth), or of the exercise when it has none there.
  const entryOf = async (account: string, fromDaysAgo: number) => {
    const window = await resolvePeriod(db, companyId, { dateStart: addDays(today, -fromDaysAgo) }).catch(() => null);
    for (const period of window ? [window, exercise] : [exercise]) {
      const page = await greatBook(db, period, { accounts: [account], page: 1, pageSize: 5 });
      if (page.items.length > 0) return page.items.at(-1)!;
    }
    return null;
  };
  return async (account: string, kind: Kind, question: string, fromDaysAgo: number, askedAt: Date) => {
    const line = await entryOf(account, fromDaysAgo);
    return line && createRequest(db, companyId, ctx.adminUserId, { lineId: line.id, kind, question }, askedAt);
  };
}

/** A justificatif the company sends with its answer: a one-page PDF named after the entry's piece. */
async function invoicePdf(ctx: SeedContext, entry: { piece: string; label: string }): Promise<AnswerFile> {
  const title = `Facture ${entry.piece}`;
  const lines = [entry.label, `Pièce ${entry.piece}`];
  const stored = await storageFor(ctx.deps).put(await demoPdf(title, 'Justificatif', lines));
  return { ...stored, name: `${title}.pdf`, mimeType: 'application/pdf' };
}

/**
 * The firm's information requests to the bakery: four open ones about the last six weeks' entries,
 * as a firm reviewing the month would, and two older ones that show the rest of a request's life (one
 * the bakery answered with the invoice asked for, one the firm closed after the bakery's explanation).
 * The older ones' notifications were read when they were answered; the open ones' are news.
 */
export async function seedInformationRequests(ctx: SeedContext, companyId: number, today: string): Promise<void> {
  const ask = await requestsOf(ctx, companyId, today);
  if (!ask) return;
  const calendar = demoCalendar(ctx.deps.now());
  const answered = await ask(
    '6022',
    'document',
    'Pouvez-vous nous transmettre cette facture d’emballages ? Elle manque dans vos dépôts.',
    75,
    calendar.filedAt(24, 1),
  );
  if (answered) {
    const text = 'Voici la facture : elle était restée dans le classeur de la boutique.';
    const files = [await invoicePdf(ctx, answered.entry)];
    const withAnswer = await answer(ctx, companyId, answered.id, text, files, calendar.filedAt(23, 4));
    await askerReads(ctx, companyId, withAnswer, calendar.filedAt(22, 1));
  }
  const closed = await ask(
    '6588',
    'explanation',
    'Cet écart de caisse est plus élevé que d’habitude : que s’est-il passé ce jour-là ?',
    75,
    calendar.filedAt(17, 2),
  );
  if (closed) {
    const text =
      'Une erreur de rendu de monnaie à l’heure de pointe du matin. Nous recomptons désormais le fond de caisse à midi.';
    const withAnswer = await answer(ctx, companyId, closed.id, text, [], calendar.filedAt(16, 6));
    await askerReads(ctx, companyId, withAnswer, calendar.filedAt(14, 3));
    await closeRequest(ctx.deps.db, companyId, closed.id, calendar.filedAt(14, 3));
  }

  for (const [i, [account, kind, question]] of OPEN.entries())
    await ask(account, kind, question, 45, calendar.filedAt(4 - i, i + 2));
}

/**
 * The café's last exercise, which the firm is closing: one request the café answered three days ago
 * (the firm's to read and close: its side of the screen), one still open.
 */
export async function seedCafeRequests(ctx: SeedContext, companyId: number, today: string): Promise<void> {
  const ask = await requestsOf(ctx, companyId, today);
  if (!ask) return;
  const calendar = demoCalendar(ctx.deps.now());
  const answered = await ask(
    '6012',
    'document',
    'Pour clôturer l’exercice : pouvez-vous nous transmettre cette facture du brasseur ?',
    0,
    calendar.filedAt(6, 2),
  );
  if (answered) {
    const text = 'La voici, avec le bon de livraison agrafé.';
    await answer(ctx, companyId, answered.id, text, [await invoicePdf(ctx, answered.entry)], calendar.filedAt(3, 5));
  }
  await ask(
    '53',
    'explanation',
    'Ce Z de caisse est nettement plus élevé que les autres jours : s’agissait-il d’un évènement privé ?',
    0,
    calendar.filedAt(2, 3),
  );
}

/** The company's answer, by demo, who read the request's notification as she answered it. */
async function answer(
  ctx: SeedContext,
  companyId: number,
  id: number,
  text: string,
  files: AnswerFile[],
  at: Date,
): Promise<RequiredDetail> {
  const { db } = ctx.deps;
  const request = await addAnswer(db, companyId, id, ctx.demoUserId, text, files, at);
  const { items } = await listNotifications(db, ctx.demoUserId, companyId, 1, 100);
  for (const n of items.filter((n) => announcesRequest(n, request) && !n.readAt))
    await markRead(db, ctx.demoUserId, companyId, n.id, at);
  return request;
}

/** The firm (admin, who asked) reads the notice of the company's answer: the bakery's older requests were seen to. */
async function askerReads(ctx: SeedContext, companyId: number, request: RequiredDetail, at: Date) {
  const { db } = ctx.deps;
  const { items } = await listNotifications(db, ctx.adminUserId, companyId, 1, 100);
  for (const n of items.filter((n) => announcesRequest(n, request) && !n.readAt))
    await markRead(db, ctx.adminUserId, companyId, n.id, at);
}
