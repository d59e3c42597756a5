import type { TestProject } from 'vitest/node';
import { sharedSnapshot } from './shared-snapshot';

// The api project's globalSetup: one migrated, seeded database for the whole run (api-snapshot.ts),
// shared with the e2e project and kept for the next run while the server's code stays the same.
export default async function setup(project: TestProject) {
  const started = Date.now();
  const { dir, built } = await sharedSnapshot();
  project.provide('apiSnapshot', dir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    built
      ? `Base de test préparée une fois (migrations, démo) en ${seconds} s`
      : `Base de test déjà préparée pour ce code, reprise en ${seconds} s`,
  );
}
