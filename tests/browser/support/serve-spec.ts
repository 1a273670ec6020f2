import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from '@specrun/server';
import { parseSpec } from '@specrun/language';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build` puts the web app. */
export const WEB_ROOT = fileURLToPath(new URL('../../../packages/web/dist', import.meta.url));

/** A running specrun server for one specification, on a free loopback port. */
export interface ServedSpec {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Parses a specification file and serves it with the built web app. */
export async function serveSpec(path: string): Promise<ServedSpec> {
  const { model } = parseSpec(readFileSync(path, 'utf8'), { file: path });
  const app = await createServer({ model, webRoot: WEB_ROOT });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return { url: `http://127.0.0.1:${address.port}`, app, close: () => app.close() };
}
