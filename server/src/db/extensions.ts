import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (0007: the accounting search's trigram index).
 * PGlite carries them as bundles loaded when the database opens; every PGlite the server or a test
 * opens must name them, or a database that has them would fail to read its own indexes.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };
