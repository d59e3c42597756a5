import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFault, loggableError, statementName } from './loggable-error';

// Decision 077: a failed query's values (a customer's e-mail, a SIREN, an IBAN)
// never reach the logs; its SQL state and its statement do.

const client = new PGlite();
const db = drizzle(client);
beforeAll(async () => {
  await db.execute(sql`create table clients (id int primary key, email text unique, iban text)`);
  await db.execute(sql`insert into clients values (1, ${'deja.la@client.fr'}, ${'FR7630006000011234567890189'})`);
  // An embedded database starts in seconds, more beside the official rules' compilation on a fresh clone.
}, 60_000);
afterAll(() => client.close());

const failureOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('la requête aurait dû échouer');
};

describe('loggableError', () => {
  it('a unique violation: state, statement and constraint, not the values (nor PostgreSQL’s detail)', async () => {
    const error = await failureOf(() =>
      db.execute(sql`insert into clients (id, email, iban) values (2, ${'deja.la@client.fr'}, ${'FR76 SECRET'})`),
    );
    // What the old log line printed: drizzle's message and the driver's detail carry the values.
    expect(String((error as Error).message)).toContain('deja.la@client.fr');
    const line = loggableError(error);
    expect(line).toMatch(
      /^erreur de la base de données \(SQLSTATE 23505, insert into clients, contrainte clients_email_key/,
    );
    expect(line).not.toContain('deja.la@client.fr');
    expect(line).not.toContain('SECRET');
    expect(line).toMatch(/\n\s+at /); // where it was met
  });

  it('a bad value in a parameter: PostgreSQL quotes it in its message, which is not logged', async () => {
    const error = await failureOf(() => db.execute(sql`select * from clients where id = ${'jean.dupont@mail.fr'}`));
    expect(databaseFault(error)).toBe('erreur de la base de données (SQLSTATE 22P02, select … from clients)');
    expect(loggableError(error)).not.toContain('jean.dupont');
  });

  it('other errors keep their stack and their causes', () => {
    const cause = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const line = loggableError(new Error('Écriture du courriel impossible', { cause }));
    expect(line).toMatch(/^Error: Écriture du courriel impossible\n\s+at /);
    expect(line).toContain('cause : Error: ENOSPC: no space left on device, write');
    expect(databaseFault(cause)).toBeNull();
  });

  it('names statements by their command and first table', () => {
    expect(statementName('update "invoices" set "validated" = $1 where "id" = $2')).toBe('update "invoices"');
    expect(statementName('insert into "invoice_pdfs" ("invoice_id") values ($1)')).toBe('insert into "invoice_pdfs"');
    expect(statementName('delete from "sessions" where "token" = $1')).toBe('delete from "sessions"');
    expect(statementName('select "a", "b" from "customers" inner join "x" on true')).toBe('select … from "customers"');
    expect(statementName('savepoint sp1')).toBe('savepoint');
  });
});
