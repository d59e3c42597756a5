// What the logs may say of a fault (decision 077). A database error carries the
// failed query's parameters — drizzle writes them into its message (« Failed query: … params: … »)
// and the drivers keep them on the error (PGlite's `params`, node-postgres's `detail`: « Key
// (email)=(…) already exists ») — and those are a customer's e-mail, a SIREN, an IBAN. So a database
// error is logged by its SQL state, the statement's name (« update "invoices" ») and the schema's
// names PostgreSQL gives (constraint, table, column), never by its message, detail or parameters;
// other errors keep their stack. Every `console.error` of a caught fault goes through here.

interface DatabaseFields {
  code: string;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** An error of the database itself (node-postgres's or PGlite's DatabaseError): a SQLSTATE and PostgreSQL's fields. */
function databaseFields(e: unknown): DatabaseFields | null {
  if (!e || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  if (typeof o.code !== 'string' || !SQLSTATE.test(o.code)) return null;
  if (!('severity' in o) && !('routine' in o) && !('params' in o)) return null;
  return o as unknown as DatabaseFields;
}

/** An error that carries a query's text and values (drizzle's DrizzleQueryError, PGlite's decorated error). */
const queryText = (e: unknown): string | null => {
  const q = e && typeof e === 'object' ? (e as { query?: unknown }).query : undefined;
  return typeof q === 'string' ? q : null;
};

const chainOf = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) chain.push(e);
  return chain;
};

/**
 * The statement's name: its command and the first table it names (`insert into "invoice_pdfs"`,
 * `update "invoices"`, `select … from "customers"`), from the SQL text, which holds placeholders
 * ($1, $2…) and never the values.
 */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const table = String.raw`("?[\w$]+"?(?:\."?[\w$]+"?)?)`;
  const write = new RegExp(String.raw`^(insert into|update|delete from) ${table}`, 'i').exec(text);
  if (write) return `${write[1]!.toLowerCase()} ${write[2]}`;
  const read = new RegExp(String.raw`^(?:with\b.*?\)\s*)?select\b.*?\bfrom ${table}`, 'i').exec(text);
  if (read) return `select … from ${read[1]}`;
  return (/^\w+/.exec(text)?.[0] ?? 'requête').toLowerCase();
}

/** A database fault as one line: SQL state, statement, schema names. Null when `error` is not one. */
export function databaseFault(error: unknown): string | null {
  const chain = chainOf(error);
  const db = chain.map(databaseFields).find((f) => f !== null);
  const query = chain.map(queryText).find((q) => q !== null);
  if (!db && query === undefined) return null;
  const parts = [`SQLSTATE ${db?.code ?? 'inconnu'}`];
  if (query !== undefined) parts.push(statementName(query));
  for (const [label, value] of [
    ['contrainte', db?.constraint],
    ['table', db?.table],
    ['colonne', db?.column],
  ] as const)
    if (typeof value === 'string' && value) parts.push(`${label} ${value}`);
  return `erreur de la base de données (${parts.join(', ')})`;
}

/** The stack's frames (« at … » lines), without the first line, which repeats the message. */
const framesOf = (error: unknown): string => {
  const stack = error instanceof Error ? error.stack : undefined;
  return stack
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : '';
};

/**
 * The error as the logs may show it: a database fault by its state and statement (then the frames
 * of where it was met), anything else by its stack and its causes' first lines.
 */
export function loggableError(error: unknown): string {
  const db = databaseFault(error);
  if (db) {
    const frames = framesOf(error);
    return frames ? `${db}\n${frames}` : db;
  }
  if (!(error instanceof Error)) return String(error);
  const lines = [error.stack ?? `${error.name}: ${error.message}`];
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && !error.message.includes(code)) lines[0] += ` (${code})`;
  for (const cause of chainOf(error.cause)) {
    const line = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    lines.push(`  cause : ${line}`);
  }
  return lines.join('\n');
}
