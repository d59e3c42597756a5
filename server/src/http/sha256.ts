import { createHash } from 'node:crypto';

/** Hex SHA-256 of a text: session and reset tokens are stored so (auth), and idempotent requests keyed. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
