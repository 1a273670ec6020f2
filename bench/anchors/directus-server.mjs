// A throwaway Directus on SQLite for `npm run bench:anchors`: bootstrapped in a work folder,
// started as a user would start it, with the lean workload's collection made through its API and
// public read granted to it. Its log level, caches and limiter are set as specrun runs in the
// benchmark: warnings only, no response cache, no rate limiter.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { launch } from '../api/processes.mjs';

// Directus refuses addresses under reserved names such as .test.
const ADMIN = { email: 'admin@example.com', password: 'bench-admin-password-2024' };

/** Directus's settings (environment variables), its database in `work`. */
function directusEnv(work, port) {
  return {
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: join(work, 'directus.sqlite'),
    KEY: 'specrun-bench-key',
    SECRET: 'specrun-bench-secret-not-for-production',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    WEBSOCKETS_ENABLED: 'false',
    SERVE_APP: 'false',
    STORAGE_LOCAL_ROOT: join(work, 'uploads'),
    EXTENSIONS_PATH: join(work, 'extensions'),
  };
}

/**
 * The lean workload's items as Directus fields: the columns of specrun's items table. Directus
 * keeps timestamps in SQLite as milliseconds (the loader writes them so).
 */
const KEY = {
  field: 'id',
  type: 'uuid',
  meta: { special: ['uuid'], hidden: true, readonly: true },
  schema: { is_primary_key: true, length: 36, has_auto_increment: false },
};
const FIELDS = [
  { field: 'title', type: 'string', schema: { is_nullable: false } },
  { field: 'body', type: 'text', schema: { is_nullable: false } },
  { field: 'price', type: 'integer', schema: { is_nullable: false, default_value: 0 } },
  { field: 'stock', type: 'integer', schema: { is_nullable: false, default_value: 0 } },
  { field: 'createdAt', type: 'timestamp', schema: { is_nullable: false } },
  { field: 'updatedAt', type: 'timestamp', schema: { is_nullable: false } },
  { field: 'createdBy', type: 'string', schema: { is_nullable: true } },
  { field: 'version', type: 'integer', schema: { is_nullable: false, default_value: 1 } },
];

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Directus: ${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text).data : undefined;
}

/**
 * Bootstraps Directus (`directus bootstrap`: its tables and the admin) in `work`, starts it on
 * `port`, creates the `items` collection and lets the Public policy read it. Answers its base
 * URL, its database file and `stop()`.
 */
export async function startDirectus(cli, work, port) {
  const env = { ...process.env, ...directusEnv(work, port) };
  try {
    execFileSync(process.execPath, [cli, 'bootstrap'], { cwd: work, env, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`directus bootstrap failed:\n${error.stderr ?? error.message}`);
  }
  const base = `http://127.0.0.1:${port}`;
  const server = await launch([cli, 'start'], directusEnv(work, port), `${base}/server/ping`, {
    cwd: work,
    timeoutMs: 180_000,
  });
  try {
    const { access_token: token } = await call(base, null, 'POST', '/auth/login', ADMIN);
    // The key with the collection, the rest one by one: Directus 11.3 refuses a timestamp among
    // a new collection's fields (it validates the meta it adds without the collection's name).
    await call(base, token, 'POST', '/collections', {
      collection: 'items',
      schema: {},
      meta: {},
      fields: [KEY],
    });
    for (const field of FIELDS) await call(base, token, 'POST', '/fields/items', field);
    const [publicPolicy] = await call(
      base,
      token,
      'GET',
      `/policies?filter[name][_eq]=${encodeURIComponent('$t:public_label')}&fields=id`,
    );
    if (!publicPolicy) throw new Error('Directus has no Public policy');
    await call(base, token, 'POST', '/permissions', {
      policy: publicPolicy.id,
      collection: 'items',
      action: 'read',
      fields: ['*'],
      permissions: {},
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { base, file: env.DB_FILENAME, server, stop: () => server.stop() };
}
