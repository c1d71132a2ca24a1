import type { TestProject } from 'vitest/node';
import { createMigratedImage } from './test-database';

// vitest global setup: migrate once per run, then every test file gets a fresh copy of that
// database (createTestDatabase) instead of migrating its own from nothing.
export async function setup(project: TestProject) {
  const { image, dispose } = await createMigratedImage();
  project.provide('migratedImage', image);
  return dispose;
}
