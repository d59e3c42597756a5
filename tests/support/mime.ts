// Just enough MIME reading for the tests of sent mail (.eml files and SMTP captures of nodemailer
// messages): headers, parts of a multipart message, base64 and quoted-printable bodies.

export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

function splitHeaders(raw: string): { headers: Record<string, string>; rest: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const rest = end < 0 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, rest };
}

function decode(body: string, encoding = ''): Buffer {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') {
    const soft = body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

/** The leaf parts of a message (recursing into multiparts). */
export function mimeParts(raw: string): MimePart[] {
  const { headers, rest } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body: decode(rest, headers['content-transfer-encoding']) }];
  return rest
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => mimeParts(chunk.replace(/^\n/, '')));
}

export function mimeHeaders(raw: string): Record<string, string> {
  return splitHeaders(raw).headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) → text. */
export function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decode(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
  );
}

export function pdfAttachments(raw: string): Array<{ filename: string; bytes: Buffer }> {
  return mimeParts(raw)
    .filter((p) => (p.headers['content-type'] ?? '').startsWith('application/pdf'))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.headers['content-disposition'] ?? '')?.[1] ?? '',
      bytes: p.body,
    }));
}

export function textBody(raw: string): string {
  const part = mimeParts(raw).find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  return part ? part.body.toString('utf8') : '';
}
