import type { TestProject } from 'vitest/node';
import { buildSnapshot, removeSnapshot } from './api-snapshot';

// The api project's globalSetup: one migrated, seeded database for the whole run (api-snapshot.ts).
export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = await buildSnapshot();
  project.provide('apiSnapshot', dir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Base de test préparée une fois (migrations, démo) en ${seconds} s`);
  return () => removeSnapshot(dir);
}
