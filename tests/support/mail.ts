import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Mails of a test server: without SMTP_URL every message is an .eml file under DATA_DIR/mail
// (server/src/mail/mailer.ts). Shared by the sign-in and administration suites.

/** Decodes a raw RFC 5322 message (headers + quoted-printable or base64 text body). */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = normalized.slice(split + 2);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let text: string;
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i], 'utf8'));
      }
    }
    text = Buffer.from(bytes).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else {
    text = body;
  }
  return { headers, text };
}

/** The link of a reset or invitation mail. */
export function resetLinkOf(text: string): URL {
  const match = /https?:\/\/\S+\/forgotten-password\?token=\S+/.exec(text);
  if (!match) throw new Error(`aucun lien de réinitialisation dans :\n${text}`);
  return new URL(match[0]);
}

export const mailFolder = (dataDir: string) => join(dataDir, 'mail');
export const mailFiles = (dataDir: string) =>
  existsSync(mailFolder(dataDir)) ? readdirSync(mailFolder(dataDir)).sort() : [];
export const readMail = (dataDir: string, file: string) =>
  parseMail(readFileSync(join(mailFolder(dataDir), file), 'utf8'));

/** A subject header as written by nodemailer (RFC 2047 encoded words) back to text. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m: string, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/**
 * Waits for what a server left for after its answers: « Mot de passe oublié » answers first, then
 * looks the login up and writes the mail (decision 075), so a test reads the mail after this.
 */
export async function afterAnswers(server: { deps: { state: { batches: Map<number, Promise<void>> } } }) {
  await Promise.allSettled([...server.deps.state.batches.values()]);
}
