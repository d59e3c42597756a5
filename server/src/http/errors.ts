import type { ContentfulStatusCode } from 'hono/utils/http-status';

// Every error answer has one shape (api-conventions.md): { message, errors?, field? }.
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: { errors?: string[]; field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, { field });
export const unauthorized = (message = 'Votre session a expiré, veuillez vous reconnecter.') =>
  new HttpError(401, message);
export const forbidden = (message = 'Accès non autorisé') => new HttpError(403, message);
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors: string[]) => new HttpError(422, message, { errors });
