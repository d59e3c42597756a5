import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors';
import type { AppEnv } from './types';

// The one place where text that no field may hold is refused (decision 009): NUL and the other
// control characters, and lone UTF-16 surrogates. PostgreSQL cannot store U+0000 in text or
// jsonb, nor a lone surrogate in jsonb, so such input used to fail the query (500); the other
// control characters are never typed by a person and only make names and PDFs unreadable.
// Tab, line feed and carriage return stay allowed in JSON text (addresses, labels, comments are
// multi-line); a query string or a path segment is one line, so there they are refused too.

/** C0 controls except \t \n \r, DEL, C1 controls, and lone surrogates (the `u` flag sees pairs as one code point). */
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Surrogate}/u;
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f]|\p{Surrogate}/u;

export const controlCharMessage = (field: string) =>
  `Le champ « ${field} » contient un caractère de contrôle ou invalide, non autorisé.`;
export const PATH_CONTROL_CHAR_MESSAGE =
  'L’adresse de la requête contient un caractère de contrôle ou invalide, non autorisé.';

export const hasForbiddenChar = (s: string, multiLine = true) =>
  (multiLine ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE).test(s);

/**
 * The dotted path (as zod names fields: `lines.0.label`) of the first string or key holding a
 * forbidden character. Iterative: JSON nested 100 000 deep must not overflow the stack (a 500).
 */
export function findForbiddenText(root: unknown): string | null {
  // Each node keeps its parent: the path is only spelled out for the node that is found.
  type Node = { value: unknown; key: string | null; parent: Node | null };
  const pathOf = (node: Node | null): string => {
    const keys: string[] = [];
    for (let n = node; n && n.key !== null; n = n.parent) keys.push(n.key);
    return keys.reverse().join('.') || 'corps';
  };
  const stack: Node[] = [{ value: root, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (hasForbiddenChar(value)) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: node });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      // A bad key is named by its parent object: echoing the key would echo the character.
      if (entries.some(([key]) => hasForbiddenChar(key, false))) return pathOf(node);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ value: entries[i][1], key: entries[i][0], parent: node });
    }
  }
  return null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes are the router's business (Hono keeps them as typed)
  }
}

/** Path segments, query parameters and JSON bodies of /api/* are checked before any route runs. */
export function rejectControlChars(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.split('/').some((s) => hasForbiddenChar(decodeSegment(s), false))) {
      throw badRequest(PATH_CONTROL_CHAR_MESSAGE);
    }
    for (const [key, value] of url.searchParams) {
      // URLSearchParams turns malformed UTF-8 into U+FFFD, so only real characters are judged here.
      if (hasForbiddenChar(key, false))
        throw badRequest(
          'Un nom de paramètre de la requête contient un caractère de contrôle ou invalide, non autorisé.',
        );
      if (hasForbiddenChar(value, false))
        throw badRequest(`Le paramètre « ${key} » contient un caractère de contrôle ou invalide, non autorisé.`, key);
    }
    const type = c.req.header('content-type') ?? '';
    // Multipart uploads stream (their file names are sanitised, not refused: see uploads.ts).
    if (
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      !type.startsWith('multipart/') &&
      (type === '' || type.includes('json'))
    ) {
      // Hono caches the body: readJson and the idempotency hash read the same text afterwards.
      const text = await c.req.text();
      let parsed: unknown;
      try {
        parsed = text.trim() ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined; // malformed JSON is answered by readJson, with its own message
      }
      const found = findForbiddenText(parsed);
      // A path 100 000 levels deep is named by its beginning.
      const field = found !== null && found.length > 120 ? `${found.slice(0, 120)}…` : found;
      if (field !== null) throw badRequest(controlCharMessage(field), field);
    }
    return next();
  };
}
