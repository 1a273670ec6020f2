import { hasErrors, type AppModel } from '@specrun/model';
import { createServer, serverLimits, type StoreOptions } from '@specrun/server';
import { formatDiagnostics } from '../format-diagnostics.js';
import { UsageError, type Io } from '../io.js';
import { BUNDLED_EXAMPLE, loadSpec } from '../load-spec.js';
import {
  DATA_OPTIONS,
  migrationAllowsServing,
  openAppStore,
  storeOptions,
} from '../open-app-store.js';
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

/** On PostgreSQL, every statement of the server carries MAX_STATEMENT_MS as statement_timeout. */
function timed(storage: StoreOptions, model: AppModel): StoreOptions {
  if (!('databaseUrl' in storage)) return storage;
  return { ...storage, statementTimeoutMs: serverLimits(model).maxStatementMs };
}

/**
 * `specrun start [FILE] [--port N] [--data DIR | --db URL] [--trust-proxy]`: brings the database
 * to the model, then serves the application on 127.0.0.1 until the process is stopped. A specification with
 * errors, or one whose changes would lose data, is not served.
 */
export async function start(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    port: { type: 'string' },
    'trust-proxy': { type: 'boolean' },
    ...DATA_OPTIONS,
  });
  if (positionals.length > 1) throw new UsageError('start takes at most one FILE');
  const port = parsePort(values.port);
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
  const app = await createServer({
    model: spec.model,
    store,
    webRoot: webRoot(),
    logger: { level: 'warn' },
    trustProxy: values['trust-proxy'] === true,
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
  io.out(`  specification: ${spec.path}\n  data: ${where}\n  stop with Ctrl+C\n`);
  const stop = () => {
    void app.close().finally(() => store.close());
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
