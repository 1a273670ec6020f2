import { hasErrors } from '@specrun/model';
import {
  AppError,
  addAccount,
  generatePassword,
  setAccountRoles,
  type Store,
} from '@specrun/server';
import { formatDiagnostics } from '../format-diagnostics.js';
import { UsageError, type Io } from '../io.js';
import { loadSpec, type LoadedSpec } from '../load-spec.js';
import {
  DATA_OPTIONS,
  migrationAllowsServing,
  openAppStore,
  storeOptions,
} from '../open-app-store.js';
import { parseOptions } from '../parse-options.js';

const ADD =
  'specrun users add FILE EMAIL --role ROLE [--name NAME] [--set FIELD=VALUE]... [--password-stdin]';
const SET_ROLES = 'specrun users set-roles FILE EMAIL ROLE…';

/** The whole of standard input, without the line end a shell or `echo` adds. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function readable(spec: LoadedSpec, file: string, io: Io): boolean {
  if (!hasErrors(spec.diagnostics)) return true;
  const errors = spec.diagnostics.filter((d) => d.severity === 'error');
  io.err(formatDiagnostics(errors, spec.text, file, io.colour) + '\n\n');
  io.err(`specrun: ${file} has errors; fix them before managing accounts.\n`);
  return false;
}

/** Opens the database of FILE, brought to its model, and runs `work` on it. */
async function withStore(
  file: string,
  values: { data?: string; db?: string },
  io: Io,
  work: (spec: LoadedSpec, store: Store) => Promise<void>,
): Promise<number> {
  const storage = storeOptions(values, io);
  const spec = loadSpec(file, io.cwd);
  if (!readable(spec, file, io)) return 1;
  const { store, result } = await openAppStore(spec.model, storage);
  try {
    if (!migrationAllowsServing(result, io)) return 1;
    await work(spec, store);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // What the account's own checks refused: the user's to fix, said plainly.
    io.err(`specrun: ${error.detail ?? error.code}\n`);
    for (const item of error.errors ?? []) {
      const field = item.field ?? 'the account';
      // The catalogue's general message says nothing more than the detail: name the field.
      const line =
        item.message === error.detail ? `${field} is not accepted` : `${field}: ${item.message}`;
      io.err(`  ${line}\n`);
    }
    return 1;
  } finally {
    await store.close();
  }
}

/**
 * The User's own fields given as `--set username=ada`: what a specification's User requires
 * beyond email and name (the RealWorld User's `username`).
 */
function ownFields(settings: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const setting of settings) {
    const at = setting.indexOf('=');
    if (at <= 0) throw new UsageError(`--set takes FIELD=VALUE, not ${setting}: ${ADD}`);
    fields[setting.slice(0, at)] = setting.slice(at + 1);
  }
  return fields;
}

/** `specrun users add`: creates an account; prints a generated password once. */
async function add(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    ...DATA_OPTIONS,
    role: { type: 'string', multiple: true },
    name: { type: 'string' },
    set: { type: 'string', multiple: true },
    'password-stdin': { type: 'boolean' },
  });
  const [file, email, ...extra] = positionals;
  if (file === undefined || email === undefined || extra.length > 0)
    throw new UsageError(`users add takes FILE and EMAIL: ${ADD}`);
  const roles = values.role ?? [];
  if (roles.length === 0) throw new UsageError(`users add needs --role ROLE: ${ADD}`);
  const generated = values['password-stdin'] !== true;
  const password = generated ? generatePassword() : await readStdin();
  return withStore(file, values, io, async (spec, store) => {
    const account = {
      email,
      roles,
      password,
      fields: ownFields(values.set ?? []),
      ...(values.name ? { name: values.name } : {}),
    };
    const user = await addAccount(spec.model, store, account);
    io.out(`Added ${user.email} to ${spec.model.name} as ${roles.join(', ')}.\n`);
    if (generated) io.out(`Password (shown only this once): ${password}\n`);
  });
}

/** `specrun users set-roles`: replaces an account's roles. */
async function setRoles(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(args, DATA_OPTIONS);
  const [file, email, ...roles] = positionals;
  if (file === undefined || email === undefined || roles.length === 0)
    throw new UsageError(`users set-roles takes FILE, EMAIL and at least one ROLE: ${SET_ROLES}`);
  return withStore(file, values, io, async (spec, store) => {
    await setAccountRoles(spec.model, store, email, roles);
    io.out(`${email} now has the roles ${roles.join(', ')}.\n`);
  });
}

/** `specrun users add|set-roles …`: the accounts the owner manages by hand. */
export async function usersCommand(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'add':
      return add(rest, io);
    case 'set-roles':
      return setRoles(rest, io);
    default:
      throw new UsageError(
        `users takes add or set-roles${sub === undefined ? '' : `, not \`${sub}\``}:\n  ${ADD}\n  ${SET_ROLES}`,
      );
  }
}
