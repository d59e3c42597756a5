import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notify } from '../../server/src/modules/notifications/service';
import { sendNotificationDigests } from '../../server/src/modules/notifications/digest';
import { GARAGE, MARTIN } from '../support/invoice-helpers';
import { decodeWords, mimeHeaders, textBody } from '../support/mime';
import { useTestServer } from '../support/use-test-server';

// Decision 042: per user and company; a kind switched off creates no
// notification of that kind; the daily digest mails the unread ones once a day.

const ctx = useTestServer({ signIn: ['demo', 'admin'] });
const PATH = '/api/notifications/preferences';
const as = (who: 'demo' | 'admin', company: number) => ({
  token: who === 'demo' ? ctx.demo : ctx.admin,
  company,
});
const api = () => ctx.server.api;
const demoId = () => ctx.server.seed!.demoUserId;

const mailFolder = () => join(ctx.server.dataDir, 'mail');
const mailFiles = () => (existsSync(mailFolder()) ? readdirSync(mailFolder()).sort() : []);
/** Mails written by the .eml transport since `before`. */
const newMails = (before: string[]) =>
  mailFiles()
    .filter((f) => !before.includes(f))
    .map((f) => readFileSync(join(mailFolder(), f), 'utf8'));

const labelsOf = async (company: number) =>
  (await api().get('/api/notifications?pageSize=100', as('demo', company))).body.items.map((n: any) => n.label);

/** Creates one notification through notify(), the one function every module creates them with. */
const noteFor = (company: number, type: 1 | 2, label: string) =>
  notify(ctx.server.deps.db, [{ companyId: company, userId: demoId(), type, label, documentId: null }]);

describe('GET and PUT /api/notifications/preferences', () => {
  it('defaults to everything on and no digest, without any row', async () => {
    const res = await api().get(PATH, as('demo', ctx.company(GARAGE)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ documents: true, requests: true, digest: false });
  });

  it('saves per company: PUT then GET, another company keeps its own (PUT is no longer a 400)', async () => {
    const garage = ctx.company(GARAGE);
    const put = await api().put(PATH, { documents: false, requests: true, digest: true }, as('demo', garage));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ documents: false, requests: true, digest: true });
    expect((await api().get(PATH, as('demo', garage))).body).toEqual({
      documents: false,
      requests: true,
      digest: true,
    });
    // Another company of the same user, and another user of the same company: untouched.
    expect((await api().get(PATH, as('demo', ctx.company(MARTIN)))).body).toEqual({
      documents: true,
      requests: true,
      digest: false,
    });
    expect((await api().get(PATH, as('admin', garage))).body.documents).toBe(true);
    await api().put(PATH, { documents: true, requests: true, digest: false }, as('demo', garage));
  });

  it('refuses a body that is not the three switches (400 on a field, not on the path)', async () => {
    const bad = await api().put(
      PATH,
      { documents: 'oui', requests: true, digest: false },
      as('demo', ctx.company(GARAGE)),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('documents');
  });
});

describe('a kind switched off creates no notification of that kind', () => {
  it('requests off: no type 2 for demo in that company, type 1 still arrives; then the other way round', async () => {
    const bakery = ctx.company(MARTIN);
    const garage = ctx.company(GARAGE);
    await api().put(PATH, { documents: true, requests: false, digest: false }, as('demo', bakery));
    await noteFor(bakery, 2, 'Question à ne pas voir (préférences)');
    await noteFor(bakery, 1, 'Document attendu (préférences)');
    // Another company of the same user keeps both kinds.
    await noteFor(garage, 2, 'Question attendue ailleurs (préférences)');
    let labels = await labelsOf(bakery);
    expect(labels).toContain('Document attendu (préférences)');
    expect(labels).not.toContain('Question à ne pas voir (préférences)');
    expect(await labelsOf(garage)).toContain('Question attendue ailleurs (préférences)');

    await api().put(PATH, { documents: false, requests: true, digest: false }, as('demo', bakery));
    await noteFor(bakery, 2, 'Question attendue (préférences)');
    await noteFor(bakery, 1, 'Document à ne pas voir (préférences)');
    labels = await labelsOf(bakery);
    expect(labels).toContain('Question attendue (préférences)');
    expect(labels).not.toContain('Document à ne pas voir (préférences)');
    await api().put(PATH, { documents: true, requests: true, digest: false }, as('demo', bakery));
  });
});

describe('through a real path: the firm’s information requests (type 2)', () => {
  const CAFE = 'Café des Arts'; // seeded accounting; demo and the firm (admin) are both members

  const requestNotes = async (company: number) =>
    (await api().get('/api/notifications?pageSize=100', as('demo', company))).body.items.filter(
      (n: any) => n.type === 2,
    ).length;

  async function firmAsks(company: number) {
    const line = (await api().get('/api/my-accounting/great-book?pageSize=1', as('admin', company))).body.items[0];
    const created = await api().post(
      '/api/my-accounting/required-details',
      { lineId: line.id, kind: 'document', question: 'Pouvez-vous déposer la pièce ?' },
      as('admin', company),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }

  it('requests off: the firm’s question creates no notification for demo; on again: it does', async () => {
    const cafe = ctx.company(CAFE);
    const before = await requestNotes(cafe);
    await api().put(PATH, { documents: true, requests: false, digest: false }, as('demo', cafe));
    await firmAsks(cafe);
    expect(await requestNotes(cafe)).toBe(before);
    await api().put(PATH, { documents: true, requests: true, digest: false }, as('demo', cafe));
    await firmAsks(cafe);
    expect(await requestNotes(cafe)).toBe(before + 1);
  });
});

describe('the daily digest (sendNotificationDigests)', () => {
  // 09:00 in Paris, then the same day at 18:00, then the next morning.
  const MORNING = new Date('2026-11-24T08:00:00Z');

  it('mails the unread notifications once a day, and nothing when the digest is off', async () => {
    const garage = ctx.company(GARAGE);
    const deps = ctx.server.deps;
    await api().put(PATH, { documents: true, requests: true, digest: true }, as('demo', garage));
    await noteFor(garage, 1, 'Facture fournisseur à relire');

    let before = mailFiles();
    // Before the morning hour: nothing yet.
    await sendNotificationDigests(deps, new Date('2026-11-24T04:00:00Z'));
    expect(newMails(before)).toHaveLength(0);

    await sendNotificationDigests(deps, MORNING);
    const mails = newMails(before);
    const toDemo = mails.filter((m) => mimeHeaders(m).to?.includes('demo@workplace.example'));
    expect(toDemo).toHaveLength(1);
    const subject = decodeWords(mimeHeaders(toDemo[0]!).subject ?? '');
    expect(subject).toContain('non lue');
    expect(subject).toContain(GARAGE);
    const text = textBody(toDemo[0]!);
    expect(text).toContain('Facture fournisseur à relire');
    expect(text).toMatch(/https?:\/\/[^\s]+\/notifications/);
    // Only the garage's unread ones: the read ones and other companies' stay out.
    const unread = (await api().get('/api/notifications?pageSize=100', as('demo', garage))).body.items.filter(
      (n: any) => n.readAt === null,
    );
    for (const n of unread) expect(text).toContain(n.label);

    // The same day, a second turn sends nothing; the next day, again one.
    before = mailFiles();
    await sendNotificationDigests(deps, new Date('2026-11-24T17:00:00Z'));
    expect(newMails(before)).toHaveLength(0);
    await sendNotificationDigests(deps, new Date('2026-11-25T08:00:00Z'));
    expect(newMails(before).filter((m) => mimeHeaders(m).to?.includes('demo@workplace.example'))).toHaveLength(1);

    // Digest off: nothing, whatever the day.
    before = mailFiles();
    await api().put(PATH, { documents: true, requests: true, digest: false }, as('demo', garage));
    await sendNotificationDigests(deps, new Date('2026-11-27T08:00:00Z'));
    expect(newMails(before)).toHaveLength(0);
  });
});
