// API tests run the real server in-process on an in-memory PGlite (see test-server.ts), a copy of the
// run's seeded snapshot (api-snapshot.ts). An unexpected server console.error fails the test.
import { failOnConsoleError } from './console-guard';

failOnConsoleError();
