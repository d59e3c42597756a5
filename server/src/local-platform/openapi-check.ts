import { readFileSync } from 'node:fs';

// A small checker of answers against the AFNOR OpenAPI files (decision 087), for the local
// platform's tests: the keywords those files use (type, properties, required, enum, pattern,
// lengths, bounds, items, allOf, oneOf, formats date-time, uuid, uri, byte). The files are copied in
// openapi/ (Apache-2.0, their LICENSE beside them) from the FNFE-MPE's publication.

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  format?: string;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  required?: string[];
  properties?: Record<string, Schema>;
}
interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}
type Spec = { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, Schema>> };

const load = (name: string) => JSON.parse(readFileSync(new URL(`./openapi/${name}`, import.meta.url), 'utf8')) as Spec;
export const FLOW_SPEC = load('flow-service-1.3.0.json');
export const DIRECTORY_SPEC = load('directory-service-1.3.0.json');

function deref<T extends { $ref?: string }>(spec: Spec, node: T): T {
  let n = node;
  while (n?.$ref) {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(n.$ref)!;
    n = spec.components[section][name] as unknown as T;
  }
  return n;
}

const formats: Record<string, (v: string) => boolean> = {
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  uri: (v) => URL.canParse(v),
};

function typeOk(type: string, v: unknown): boolean {
  if (type === 'integer') return Number.isInteger(v);
  if (type === 'number') return typeof v === 'number';
  if (type === 'array') return Array.isArray(v);
  if (type === 'object') return typeof v === 'object' && v !== null && !Array.isArray(v);
  return typeof v === type;
}

function stringProblems(s: Schema, value: string, at: string): string[] {
  const out: string[] = [];
  if (s.pattern && !new RegExp(s.pattern).test(value)) out.push(`${at}: « ${value} » ne suit pas ${s.pattern}`);
  if (s.maxLength !== undefined && value.length > s.maxLength) out.push(`${at}: plus de ${s.maxLength} caractères`);
  if (s.format && formats[s.format] && !formats[s.format](value))
    out.push(`${at}: « ${value} » n’est pas un ${s.format}`);
  return out;
}

function containerProblems(spec: Spec, s: Schema, value: unknown, at: string): string[] {
  const out: string[] = [];
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) out.push(`${at}: moins de ${s.minItems} éléments`);
    if (s.items) value.forEach((v, i) => out.push(...schemaProblems(spec, s.items!, v, `${at}[${i}]`)));
  } else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of s.required ?? []) if (!(key in obj)) out.push(`${at}.${key}: obligatoire`);
    for (const [key, sub] of Object.entries(s.properties ?? {}))
      if (obj[key] !== undefined) out.push(...schemaProblems(spec, sub, obj[key], `${at}.${key}`));
  }
  return out;
}

/** The problems of `value` against `schema` (empty: valid). */
export function schemaProblems(spec: Spec, schema: Schema, value: unknown, at = '$'): string[] {
  const s = deref(spec, schema);
  if (!s) return [];
  const out: string[] = [];
  for (const part of s.allOf ?? []) out.push(...schemaProblems(spec, part, value, at));
  if (s.oneOf && !s.oneOf.some((p) => schemaProblems(spec, p, value, at).length === 0))
    out.push(`${at}: aucune des variantes oneOf`);
  if (s.type && !typeOk(s.type, value)) return [...out, `${at}: ${JSON.stringify(value)} n’est pas de type ${s.type}`];
  if (s.enum && !s.enum.includes(value)) out.push(`${at}: ${JSON.stringify(value)} hors de ${s.enum.join('|')}`);
  if (typeof value === 'string') out.push(...stringProblems(s, value, at));
  if (typeof value === 'number' && s.maximum !== undefined && value > s.maximum)
    out.push(`${at}: au-delà de ${s.maximum}`);
  out.push(...containerProblems(spec, s, value, at));
  return out;
}

/** The JSON schema of an operation's answer with this status (null: an answer without a body). */
export function responseSchema(spec: Spec, method: string, path: string, status: number): Schema | null {
  const op = spec.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`Aucune opération ${method} ${path} dans le fichier OpenAPI.`);
  const response = op.responses[String(status)] ?? op.responses.default;
  if (!response) throw new Error(`${method} ${path} ne prévoit pas de réponse ${status}.`);
  return deref(spec, response).content?.['application/json']?.schema ?? null;
}

/** The problems of an answer's body against the operation's declared answer for its status. */
export function answerProblems(spec: Spec, method: string, path: string, status: number, body: unknown): string[] {
  const schema = responseSchema(spec, method, path, status);
  if (!schema) return body === null || body === undefined || body === '' ? [] : ['corps inattendu'];
  return schemaProblems(spec, schema, body);
}
