import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppModel } from '@specrun/model';
import {
  addAccount,
  createServer,
  migrate,
  openStore,
  type ServerOptions,
  type Store,
} from '@specrun/server';
import { parseSpec } from '@specrun/language';
import type { FastifyInstance } from 'fastify';
import { WEB_ROOT } from './serve-spec.js';

/** The password every test account has. */
export const PASSWORD = 'correct horse battery staple';

// Sign-in verifies a hash at the cost it was made with: cheap ones keep the suite fast.
const CHEAP = { logN: 10, r: 8, p: 1 };

/** A running application with its own empty SQLite database, on a free loopback port. */
export interface ServedApp {
  url: string;
  model: AppModel;
  store: Store;
  app: FastifyInstance;
  /**
   * Creates an account with these roles, as `specrun users add` does (with the User's own fields
   * a specification requires, such as a library card's number); answers its id.
   */
  addUser(
    email: string,
    name: string,
    roles: string[],
    fields?: Record<string, unknown>,
  ): Promise<string>;
  close(): Promise<void>;
}

/** How a test serves the app besides the model, store and web app (a proxy in front, say). */
export type ServeOptions = Omit<ServerOptions, 'model' | 'store' | 'webRoot'>;

/** Parses a specification, migrates a fresh database to it and serves it with the web app. */
export async function serveApp(path: string, options: ServeOptions = {}): Promise<ServedApp> {
  const { model } = parseSpec(readFileSync(path, 'utf8'), { file: path });
  const dataDir = mkdtempSync(join(tmpdir(), 'specrun-web-'));
  const store = openStore({ dataDir });
  await migrate(store, model);
  const app = await createServer({ ...options, model, store, webRoot: WEB_ROOT });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    model,
    store,
    app,
    addUser: async (email, name, roles, fields) =>
      (
        await addAccount(
          model,
          store,
          { email, name, roles, password: PASSWORD, ...(fields ? { fields } : {}) },
          CHEAP,
        )
      ).id,
    close: async () => {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
