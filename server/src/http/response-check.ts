import type { Context } from 'hono';
import { z } from 'zod';
import type { AnyEndpoint } from '../../../src/contract/endpoint';
import type { AppEnv } from './types';

// Under test (NODE_ENV=test), every answer of a contract route is checked against the endpoint's
// declared success answers (decision 021): an undeclared 2xx status or a JSON body that does not
// match its schema fails loudly (console.error, then a 500), so the API suite proves the response
// schemas right. Never in development or production: the check costs a parse of every answer.
const CHECK = process.env.NODE_ENV === 'test';

export async function checkResponse(e: AnyEndpoint, c: Context<AppEnv>, res: Response): Promise<Response> {
  if (!CHECK || res.status >= 300) return res;
  const problem = await responseProblem(e, res);
  if (!problem) return res;
  const message = `Réponse hors contrat : ${e.method.toUpperCase()} ${e.path} (${c.req.path}) → ${res.status} : ${problem}`;
  console.error(message);
  throw new Error(message);
}

async function responseProblem(e: AnyEndpoint, res: Response): Promise<string | null> {
  if (!(res.status in e.responses))
    return `statut ${res.status} non déclaré (déclarés : ${Object.keys(e.responses).join(', ')})`;
  const declared = e.responses[res.status];
  const type = res.headers.get('content-type') ?? '';
  if (declared === null) return res.body === null ? null : 'un corps alors que le contrat n’en déclare aucun';
  if ('file' in declared) {
    const types = [declared.file, ...(declared.also ?? [])];
    return types.some((t) => type.startsWith(t)) ? null : `type ${type}, attendu ${types.join(' ou ')}`;
  }
  if (!type.includes('json')) return `type ${type}, attendu JSON`;
  const result = (declared as z.ZodType).safeParse(await res.clone().json());
  return result.success ? null : z.prettifyError(result.error);
}
