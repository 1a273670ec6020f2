import { engineLimits, hasErrors, type AppModel } from '@specrun/model';
import { AppError, createServer, type StoreOptions } from '@specrun/server';
import { formatDiagnostics } from '../format-diagnostics.js';
import { UsageError, type Io } from '../io.js';
import { BUNDLED_EXAMPLE, loadSpec } from '../load-spec.js';
import {
  DATA_OPTIONS,
  migrationAllowsServing,
  openAppStore,
  storeOptions,
} from '../open-app-store.js';
import { publicHosts, trustProxyOption, withTrustProxyValue } from '../network-options.js';
import { parseOptions } from '../parse-options.js';
import { webRoot } from '../web-root.js';

const HOST = '127.0.0.1';

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new UsageError(`--port takes a number from 0 to 65535, not \`${value}\``);
  }
  return port;
}

/** `--tick`'s seconds between two runs of the automatic transitions, in milliseconds. */
function parseTick(value: string | undefined): number {
  if (value === undefined) return 60_000;
  const seconds = Number(value);
  // A day at most: no specification needs longer between two looks at its due records.
  if (!/^\d+(\.\d+)?$/.test(value) || seconds < 0.1 || seconds > 86_400) {
    throw new UsageError(`--tick takes a number of seconds from 0.1 to 86400, not \`${value}\``);
  }
  return Math.round(seconds * 1_000);
}

/** How the owner makes the first account, when it is awaited. */
function firstAccountLines(base: string, code: string): string {
  return (
    `  first account: sign up at ${base}/sign-up on this computer,\n` +
    `    or from elsewhere with the setup code ${code}\n`
  );
}

/** On PostgreSQL, every statement of the server carries MAX_STATEMENT_MS as statement_timeout. */
function timed(storage: StoreOptions, model: AppModel): StoreOptions {
  if (!('databaseUrl' in storage)) return storage;
  return { ...storage, statementTimeoutMs: engineLimits(model).maxStatementMs };
}

/**
 * `specrun start [FILE] [--port N] [--data DIR | --db URL] [--trust-proxy [HOPS|ADDRESSES]]
 * [--public-host HOST] [--tick SECONDS] [--quiet]`: brings the database to the model, then
 * serves the application on 127.0.0.1 until the process is stopped. A specification with errors,
 * or one whose changes would lose data, is not served.
 */
export async function start(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(withTrustProxyValue(args), {
    port: { type: 'string' },
    'trust-proxy': { type: 'string' },
    'public-host': { type: 'string', multiple: true },
    tick: { type: 'string' },
    quiet: { type: 'boolean' },
    ...DATA_OPTIONS,
  });
  if (positionals.length > 1) throw new UsageError('start takes at most one FILE');
  const port = parsePort(values.port);
  const intervalMs = parseTick(values.tick);
  const trustProxy = trustProxyOption(values['trust-proxy']);
  const hosts = publicHosts(values['public-host'], io.env.SPECRUN_PUBLIC_HOST);
  const file = positionals[0] ?? BUNDLED_EXAMPLE;
  const storage = storeOptions(values, io);
  const spec = loadSpec(file, io.cwd);
  const problems = spec.diagnostics.filter((d) => d.severity !== 'note');
  if (problems.length > 0) io.err(formatDiagnostics(problems, spec.text, file, io.colour) + '\n\n');
  if (hasErrors(spec.diagnostics)) {
    io.err(`specrun: ${file} has errors; fix them to serve the application.\n`);
    return 1;
  }
  const { store, result, where } = await openAppStore(spec.model, timed(storage, spec.model));
  if (!migrationAllowsServing(result, io)) {
    await store.close();
    return 1;
  }
  let setupCode: string | undefined;
  const app = await createServer({
    model: spec.model,
    store,
    webRoot: webRoot(),
    // A JSON line per request (pino's format) on standard output, unless --quiet.
    logger: { level: values.quiet === true ? 'warn' : 'info' },
    ...(trustProxy === undefined ? {} : { trustProxy }),
    publicHosts: hosts,
    onSetupCode: (code) => (setupCode = code),
    // Automatic transitions (section 4, `Who: system`) are taken every minute, or every --tick.
    scheduler: { intervalMs },
  }).catch(async (error: unknown) => {
    await store.close();
    // What the database holds and the owner must settle first (two accounts for one email).
    if (error instanceof AppError) throw new UsageError(error.detail ?? error.code);
    throw error;
  });
  try {
    await app.listen({ host: HOST, port });
  } catch (error) {
    await store.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`port ${port} is already in use; choose another with --port`);
    }
    throw error;
  }
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  io.out(`${spec.model.name} is served at http://${HOST}:${actualPort}\n`);
  io.out(`  specification: ${spec.path}\n  data: ${where}\n`);
  if (setupCode) io.out(firstAccountLines(`http://${HOST}:${actualPort}`, setupCode));
  io.out('  stop with Ctrl+C\n');
  const stop = () => {
    void app.close().finally(() => store.close());
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
