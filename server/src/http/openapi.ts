import { z } from 'zod';
import type { AnyEndpoint } from '../../../src/contract/endpoint';
import { errorBody } from '../../../src/contract/common';

// The OpenAPI document is generated from the contract (src/contract, decision 021): the very
// schemas that validate requests and, in tests, the answers. A pure function of the endpoints it is
// given: no process-wide registry; createApp builds it once per app.

const toOpenApiPath = (path: string) => `/api${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

export function openApiDocument(productName: string, endpoints: readonly AnyEndpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = toOpenApiPath(e.path);
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      summary: e.summary,
      tags: [e.tag],
      parameters: [...params, ...(e.query ? queryParams(e.query) : [])],
      responses: { ...successes(e), ...errors(e) },
    };
    if (e.offline) operation['x-offline'] = e.offline;
    if (e.auth ?? true) operation.security = [{ bearer: [] }];
    if (e.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
      };
    if (e.multipart)
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'array', items: { type: 'string', format: 'binary' } },
                category: { type: 'integer' },
              },
            },
          },
        },
      };
    (paths[path] ??= {})[e.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `API ${productName}`,
      version: '1.0.0',
      description: 'Contrat de l’API du portail, généré depuis les schémas de validation.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorBody, 'output') },
    },
    paths,
  };
}

function successes(e: AnyEndpoint) {
  return Object.fromEntries(
    Object.entries(e.responses).map(([code, body]) => {
      if (body === null) return [code, { description: 'Sans contenu' }];
      if ('file' in body)
        return [
          code,
          {
            description: 'Fichier',
            content: Object.fromEntries(
              [body.file, ...(body.also ?? [])].map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
            ),
          },
        ];
      return [
        code,
        { description: 'Succès', content: { 'application/json': { schema: jsonSchema(body as z.ZodType, 'output') } } },
      ];
    }),
  );
}

function errors(e: AnyEndpoint) {
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return Object.fromEntries(
    Object.entries(e.errors ?? {}).map(([code, description]) => [code, { description, ...error }]),
  );
}

function queryParams(schema: z.ZodType) {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}
