// The firm's information requests and the type 2 notifications that announce them (NOTIF-1,
// decision 039). The notifications keep no link to the requests: a notification announces the
// request asked at its time, on the entry its label names. The server finds the request a
// notification opens this way, and so does the device offline, from the copies it keeps.

/** What a notification needs to be matched: its type, time and label. */
export interface RequestAnnouncement {
  type: number;
  createdAt: string;
  label: string;
}

/** The entry fields a notification names. */
export interface AnnouncedEntry {
  journal: string;
  piece: string;
  label: string;
}

/** The type 2 notification's label: « Demande d’information : VT F-118 – Facture Dupont » (250 at most). */
export const requestNotificationLabel = (entry: AnnouncedEntry): string =>
  `Demande d’information : ${entry.journal} ${entry.piece} – ${entry.label}`.slice(0, 250);

/**
 * The type 2 notification the firm receives when the company answers: « Réponse à la demande
 * d’information : VT F-118 – Facture Dupont » (250 at most), sent at the answer's time.
 */
export const answerNotificationLabel = (entry: AnnouncedEntry): string =>
  `Réponse à la demande d’information : ${entry.journal} ${entry.piece} – ${entry.label}`.slice(0, 250);

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Whether the notification is about this request: a type 2 sent when it was asked, naming its entry,
 * or one sent when one of its answers came, naming it as an answer.
 */
export const announcesRequest = (
  n: RequestAnnouncement,
  r: { askedAt: string; entry: AnnouncedEntry; answers?: ReadonlyArray<{ answeredAt: string }> },
): boolean =>
  n.type === 2 &&
  ((sameInstant(n.createdAt, r.askedAt) && n.label === requestNotificationLabel(r.entry)) ||
    ((r.answers ?? []).some((a) => sameInstant(n.createdAt, a.answeredAt)) &&
      n.label === answerNotificationLabel(r.entry)));
