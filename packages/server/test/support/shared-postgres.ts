import type { TestProject } from 'vitest/node';
import {
  postgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of the run's PostgreSQL cluster; absent when PostgreSQL is not installed. */
    postgresAdminUrl?: string;
  }
}

interface Shared {
  cluster: Promise<PostgresCluster>;
  projects: number;
}

// Each project loads its globalSetup into a module graph of its own, but all in one process: the
// cluster hangs off globalThis so that a run starts one, however many projects ask for it.
const KEY = '__specrunSharedPostgres';
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

/**
 * Vitest globalSetup: one throwaway PostgreSQL cluster for the whole run, started whether or not
 * the selected files need it (initdb and start take 2–3 s; the projects that list this file hold
 * few tests that do not). Test files create their own databases in it (postgres-databases.ts).
 * Without PostgreSQL binaries nothing is provided, and the suites skip or fail as they decide.
 */
export default async function startSharedPostgres(project: TestProject) {
  const bin = postgresBinaries();
  if (!bin) return undefined;
  const shared = (holder[KEY] ??= { cluster: startPostgresCluster(bin), projects: 0 });
  shared.projects += 1;
  const cluster = await shared.cluster;
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete holder[KEY];
    await cluster.stop();
  };
}
