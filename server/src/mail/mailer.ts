import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock/clock';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /**
   * Display name of the sender, e.g. the company issuing an invoice: the address stays the
   * configured MAIL_FROM (the one the SMTP relay may send from), only the name changes.
   */
  fromName?: string;
  /** Where the recipient's "Répondre" goes (the company's own address, not a no-reply box). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'eml';
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file under
 * DATA_DIR/mail, so nothing is lost and a person can open it in a mail client.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; now: Clock }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({
          from: fromOf(opts.from, message),
          date: opts.now(),
          ...toNodemailer(message),
        });
        return { id: String(info.messageId) };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = join(opts.dataDir, 'mail');
  const writing = join(opts.dataDir, 'mail-writing');
  return {
    kind: 'eml',
    async send(message) {
      const at = opts.now();
      const info = await transport.sendMail({ from: fromOf(opts.from, message), date: at, ...toNodemailer(message) });
      await mkdir(folder, { recursive: true });
      await mkdir(writing, { recursive: true });
      const id = randomUUID();
      const file = join(folder, `${at.toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      // Written whole beside the outbox, then moved in: whoever lists it (a person, a test) never
      // opens half a mail.
      const part = join(writing, `${id}.eml`);
      await writeFile(part, info.message as Buffer);
      await rename(part, file);
      return { id, file };
    },
  };
}

/** MAIL_FROM ('Workplace <no-reply@…>' or a bare address) with the message's display name, if any. */
export function fromOf(
  configured: string,
  message: Pick<MailMessage, 'fromName'>,
): string | { name: string; address: string } {
  const name = message.fromName?.replace(/[\r\n]+/g, ' ').trim();
  if (!name) return configured;
  const address = /<([^>]+)>\s*$/.exec(configured)?.[1] ?? configured.trim();
  return { name, address };
}

function toNodemailer(message: MailMessage) {
  return {
    to: message.to,
    replyTo: message.replyTo || undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content),
      contentType: a.contentType,
    })),
  };
}
