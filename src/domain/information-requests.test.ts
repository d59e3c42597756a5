import { describe, expect, it } from 'vitest';
import { announcesRequest, answerNotificationLabel, requestNotificationLabel } from './information-requests';

const entry = { journal: 'HA', piece: 'F-2025-118', label: 'Leroy Merlin' };
const request = { askedAt: '2026-11-20T09:00:00.000Z', entry };
const notice = {
  type: 2,
  createdAt: '2026-11-20T09:00:00.000Z',
  label: 'Demande d’information : HA F-2025-118 – Leroy Merlin',
};

describe('the notification that announces an information request (NOTIF-1)', () => {
  it('names the entry, within the 250 characters of a notification label', () => {
    expect(requestNotificationLabel(entry)).toBe('Demande d’information : HA F-2025-118 – Leroy Merlin');
    expect(requestNotificationLabel({ ...entry, label: 'x'.repeat(400) })).toHaveLength(250);
  });

  it('announces the request asked at its time on the entry it names, and no other', () => {
    expect(announcesRequest(notice, request)).toBe(true);
    // The same instant written another way (a database's timestamp read back) still matches.
    expect(announcesRequest({ ...notice, createdAt: '2026-11-20T10:00:00+01:00' }, request)).toBe(true);
    expect(announcesRequest({ ...notice, createdAt: '2026-11-20T09:00:01.000Z' }, request)).toBe(false);
    expect(announcesRequest(notice, { ...request, entry: { ...entry, piece: 'F-2025-119' } })).toBe(false);
    expect(announcesRequest({ ...notice, type: 1 }, request)).toBe(false);
  });

  it('an answer’s notice, for the firm, names the request as answered, at the answer’s time', () => {
    const answered = { ...request, answers: [{ answeredAt: '2026-11-21T15:30:00.000Z' }] };
    const label = answerNotificationLabel(entry);
    expect(label).toBe('Réponse à la demande d’information : HA F-2025-118 – Leroy Merlin');
    expect(announcesRequest({ type: 2, createdAt: '2026-11-21T15:30:00.000Z', label }, answered)).toBe(true);
    // At another time, or with the question's wording at the answer's time: not this answer.
    expect(announcesRequest({ type: 2, createdAt: '2026-11-21T15:31:00.000Z', label }, answered)).toBe(false);
    expect(announcesRequest({ ...notice, createdAt: '2026-11-21T15:30:00.000Z' }, answered)).toBe(false);
    expect(announcesRequest({ type: 2, createdAt: request.askedAt, label }, answered)).toBe(false);
  });
});
