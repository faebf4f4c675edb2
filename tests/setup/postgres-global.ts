import type { TestProject } from 'vitest/node';
import { assertPatchesApplied } from './patches.ts';
import { dropDatabase, prepareTemplate, startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/** One migrated, seeded template per test run and project; each test copies it (tests/helpers/db.ts). */
export default async function setup(project: TestProject) {
  // A driver without the whole patch of decision 013 makes tests/api/database-restart.test.ts hang, not fail.
  assertPatchesApplied();
  const { adminUrl, stop } = await startPostgres();
  const template = `mp_template_${project.name}_${process.pid}`;
  await prepareTemplate(adminUrl, template);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await dropDatabase(adminUrl, template);
    await stop();
  };
}
