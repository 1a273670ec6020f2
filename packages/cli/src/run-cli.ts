import { check } from './commands/check.js';
import { migrateCommand } from './commands/migrate.js';
import { start } from './commands/start.js';
import { usersCommand } from './commands/users.js';
import { UsageError, type Io } from './io.js';

export const USAGE = `specrun: serve the web application a specification describes.

Usage:
  specrun start [FILE] [--port N] [--data DIR | --db URL] [--trust-proxy [N|ADDRESSES]]
                [--public-host HOST] [--tick SECONDS] [--quiet]
      serve FILE (default: the bundled example) on 127.0.0.1; --trust-proxy
      reads the client's address and HTTPS from the X-Forwarded headers of the
      N proxies in front (1 when no value is given) or of the proxies at
      ADDRESSES (127.0.0.1,10.0.0.0/8,…); --public-host (or SPECRUN_PUBLIC_HOST)
      names a host the application is reached at besides localhost; automatic
      transitions run every minute, or every --tick SECONDS; a JSON line per
      request goes to standard output, --quiet logs only warnings
  specrun check FILE [--json]
      report problems in FILE like a compiler
  specrun migrate FILE [--plan] [--accept-data-loss] [--data DIR | --db URL]
      show or apply the database changes FILE needs
  specrun users add FILE EMAIL --role ROLE [--name NAME] [--password-stdin] [--data DIR | --db URL]
      create an account (a strong password is made and printed once, unless
      --password-stdin reads it from standard input); --role may be repeated
  specrun users set-roles FILE EMAIL ROLE... [--data DIR | --db URL]
      replace the roles of the account with EMAIL

Data: SQLite under --data (default ./data), or PostgreSQL at --db or DATABASE_URL.

Exit codes: 0 ok, 1 a problem in the input, 2 a crash.
`;

/** Runs one command; resolves to the exit code (a started server keeps running). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  // `specrun start --help` is how people ask about one command: answer the usage, not an error.
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  try {
    switch (command) {
      case 'start':
        return await start(rest, io);
      case 'check':
        return await check(rest, io);
      case 'migrate':
        return await migrateCommand(rest, io);
      case 'users':
        return await usersCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(
          `Unknown command \`${command}\`. Commands: start, check, migrate, users.`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`specrun: ${error.message}\n`);
      return 1;
    }
    io.err(
      `specrun crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 2;
  }
}
