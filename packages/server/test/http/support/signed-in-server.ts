import type { AppModel } from '@specrun/model';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { addAccount, createServer, migrate, type Store } from '../../../src/index.js';
import { TEST_COST } from '../../accounts/support/accounts-app.js';
import type { Databases } from '../../support/dialects.js';

const PASSWORD = 'correct horse battery staple';

/** The server `specrun start` runs, with an account and a session for each person named. */
export interface SignedInServer {
  /** A request as `who` (signed in), or as nobody when `who` is null. */
  send(
    who: string | null,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Each person's user id. */
  ids: Record<string, string>;
  store(): Store;
  /** The server itself, for requests the helper does not make (another session's cookie). */
  app(): Awaited<ReturnType<typeof createServer>>;
}

/**
 * Serves `model` on a fresh database with createServer (section 6 compiled, real sessions) and
 * makes one account per person, with the roles given, each signed in.
 */
export function useSignedInServer(
  databases: Databases,
  model: AppModel,
  people: Record<string, string[]>,
): SignedInServer {
  let store: Store | undefined;
  let app: Awaited<ReturnType<typeof createServer>> | undefined;
  const sessions: Record<string, string> = {};
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    store = await databases.open();
    await migrate(store, model);
    app = await createServer({ model, store, passwordCost: TEST_COST });
    for (const [who, roles] of Object.entries(people)) {
      const email = `${who}@example.test`;
      const account = { email, name: who, roles, password: PASSWORD };
      ids[who] = (await addAccount(model, store, account, TEST_COST)).id;
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/sign-in',
        payload: { email, password: PASSWORD },
      });
      sessions[who] = signedIn.cookies.find((c) => c.name === 'specrun_session')!.value;
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });
  return {
    send: (who, method, url, body) =>
      app!.inject({
        method,
        url,
        headers: who ? { cookie: `specrun_session=${sessions[who]!}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    ids,
    store: () => store!,
    app: () => app!,
  };
}
