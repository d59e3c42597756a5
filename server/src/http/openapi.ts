import { z } from 'zod';

// The contract is generated from the very schemas that validate requests, so it cannot drift.
interface Operation {
  method: string;
  path: string;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  auth: boolean;
  multipart?: boolean;
  responses?: Record<number, string>;
}

const operations: Operation[] = [];

export function registerOperation(op: Operation): void {
  const exists = operations.some((o) => o.method === op.method && o.path === op.path);
  if (!exists) operations.push(op);
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function openApiDocument(productName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = toOpenApiPath(op.path);
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = op.query ? queryParams(op.query) : [];
    const operation: Record<string, unknown> = {
      summary: op.summary,
      tags: op.tags,
      parameters: [...params, ...query],
      responses: Object.fromEntries(
        Object.entries(op.responses ?? { 200: 'Succès' }).map(([code, description]) => [code, { description }]),
      ),
    };
    if (op.auth) operation.security = [{ bearer: [] }];
    if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) } } };
    if (op.multipart) operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } }, category: { type: 'integer' } } } } } };
    (paths[path] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: `API ${productName}`, version: '1.0.0', description: 'Contrat de l’API du portail, généré depuis les schémas de validation.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'string' } }, field: { type: 'string' } } },
      },
    },
    paths,
  };
}

function queryParams(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: s }));
}
