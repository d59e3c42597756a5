import type { Context } from 'hono';
import { z } from 'zod';
import { badRequest, HttpError } from './errors';

// Zod issues turned into one French sentence naming the field (api-conventions.md: 400).
export function frenchIssue(issue: z.core.$ZodIssue): { message: string; field: string } {
  const field = issue.path.join('.') || 'corps';
  const label = `« ${field} »`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { field, message: `Le champ ${label} est obligatoire.` }
        : { field, message: `Le champ ${label} n'a pas le bon type (${frenchType(issue.expected)} attendu).` };
    case 'too_small':
      return {
        field,
        message:
          issue.origin === 'string' ? `Le champ ${label} ne peut pas être vide.` : `Le champ ${label} est trop petit.`,
      };
    case 'too_big':
      return { field, message: `Le champ ${label} est trop long ou trop grand.` };
    case 'invalid_value':
      return { field, message: `Le champ ${label} a une valeur non autorisée.` };
    case 'unrecognized_keys':
      return { field, message: `Champ inconnu : ${issue.keys.join(', ')}.` };
    default:
      return {
        field,
        message: issue.message && !/^Invalid/.test(issue.message) ? issue.message : `Le champ ${label} est invalide.`,
      };
  }
}

function frenchType(t: string): string {
  const names: Record<string, string> = {
    string: 'texte',
    number: 'nombre',
    boolean: 'booléen',
    object: 'objet',
    array: 'liste',
    int: 'entier',
  };
  return names[t] ?? t;
}

/** Ids are Postgres `integer` (the contract's bounds, src/contract/common.ts). */
export { MAX_ID, isIdText } from '../../../src/contract/common';
import { isIdText } from '../../../src/contract/common';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // reportInput: frenchIssue tells a missing field from an ill-typed one by the issue's input.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const first = frenchIssue(result.error.issues[0]);
  throw new HttpError(400, first.message, {
    field: first.field,
    errors: result.error.issues.map((i) => frenchIssue(i).message),
  });
}

export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  if (type && !type.includes('json'))
    throw new HttpError(415, 'Le corps de la requête doit être du JSON (Content-Type: application/json).');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Le corps de la requête n’est pas un JSON valide.');
  }
}

/** A path parameter by name (the module's path declares it, so it is always present). */
export function pathParam(c: Context, name: string): string {
  const value = c.req.param(name) as string | undefined;
  if (value === undefined) throw badRequest(`Le paramètre « ${name} » est manquant.`, name);
  return value;
}

/** A numeric id from the path; anything else is a 400 naming the parameter. */
export function idParam(c: Context, name = 'id'): number {
  const value = pathParam(c, name);
  if (!isIdText(value)) throw badRequest(`Le paramètre « ${name} » doit être un identifiant numérique.`, name);
  return Number(value);
}
