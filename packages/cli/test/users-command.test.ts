import { spawn } from 'node:child_process';
import { scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@specrun/server';
import { describe, expect, it } from 'vitest';
import { SPECRUN, runSpecrun } from './run-binary.js';

const STOCKROOM = fileURLToPath(new URL('../../../examples/stockroom.spec.md', import.meta.url));
const CONDUIT = fileURLToPath(new URL('../../../examples/conduit.spec.md', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'specrun-users-'));

/** Runs `specrun ARGS` with `input` on its standard input. */
function runWithInput(args: string[], input: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [SPECRUN, ...args], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The stored hash of an account and its roles, read straight from the database. */
async function stored(data: string, email: string) {
  const store = openStore({ dataDir: data });
  try {
    const user = await store.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) return undefined;
    const roles = await store.db
      .selectFrom('user_roles')
      .select('role')
      .where('userId', '=', user.id)
      .orderBy('role')
      .execute();
    const credential = await store.db
      .selectFrom('_specrun_credentials')
      .select('passwordHash')
      .where('email', '=', email)
      .executeTakeFirst();
    return {
      name: String(user.name),
      roles: roles.map((r) => String(r.role)),
      hash: credential ? String(credential.passwordHash) : undefined,
    };
  } finally {
    await store.close();
  }
}

/** Checks a password against a stored `scrypt$logN$r$p$salt$key` hash, independently. */
function opens(hash: string | undefined, password: string): boolean {
  const [kind, logN, r, p, salt, key] = (hash ?? '').split('$');
  if (kind !== 'scrypt') return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(key!, 'base64url');
  const options = { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) };
  const actual = scryptSync(password, Buffer.from(salt!, 'base64url'), expected.length, options);
  return timingSafeEqual(actual, expected);
}

describe('specrun users', { timeout: 60_000 }, () => {
  const data = join(dir, 'data');

  it('adds an account with a generated password, printed once', async () => {
    const result = await runSpecrun([
      ...['users', 'add', STOCKROOM, 'Boss@Example.com', '--role', 'manager'],
      ...['--role', 'buyer', '--name', 'The Boss', '--data', data],
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Added boss@example.com to Stockroom as manager, buyer.');
    const password = /Password \(shown only this once\): (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(result.stdout.split(password!).length).toBe(2);
    const account = await stored(data, 'boss@example.com');
    expect(account).toMatchObject({ name: 'The Boss', roles: ['buyer', 'manager'] });
    expect(opens(account!.hash, password!)).toBe(true);
    expect(opens(account!.hash, 'something else')).toBe(false);
  });

  it('reads the password from standard input with --password-stdin', async () => {
    const add = (email: string) => [
      'users',
      'add',
      STOCKROOM,
      email,
      '--role',
      'clerk',
      '--password-stdin',
      '--data',
      data,
    ];
    const explicit = await runWithInput(add('clerk@example.com'), 'a chosen password\n');
    expect(explicit.code, explicit.stderr).toBe(0);
    expect(explicit.stdout).not.toContain('Password');
    const account = await stored(data, 'clerk@example.com');
    expect(opens(account!.hash, 'a chosen password')).toBe(true);
    const short = await runWithInput(add('short@example.com'), 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 15 characters');
    expect(await stored(data, 'short@example.com')).toBeUndefined();
  });

  it('refuses unknown and built-in roles, a taken email and a missing role, exit 1', async () => {
    const add = (email: string, ...rest: string[]) =>
      runSpecrun(['users', 'add', STOCKROOM, email, '--data', data, ...rest]);
    const unknown = await add('x@example.com', '--role', 'manger');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown role `manger` (did you mean `manager`?)');
    const builtIn = await add('x@example.com', '--role', 'signed-in');
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toContain('built in');
    const taken = await add('boss@example.com', '--role', 'clerk');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists');
    const missing = await add('x@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--role');
    const badEmail = await add('not-an-email', '--role', 'clerk');
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('Email must be an email address.');
    expect(await stored(data, 'x@example.com')).toBeUndefined();
  });

  it("sets the User's own fields with --set, which a User requiring them needs", async () => {
    const conduitData = mkdtempSync(join(tmpdir(), 'specrun-users-conduit-'));
    try {
      const add = (email: string, ...rest: string[]) =>
        runSpecrun([
          'users',
          'add',
          CONDUIT,
          email,
          '--role',
          'writer',
          '--data',
          conduitData,
          ...rest,
        ]);
      const without = await add('jake@example.com');
      expect(without.code).toBe(1);
      expect(without.stderr).toContain('username');
      const added = await add('jake@example.com', '--set', 'username=jake');
      expect(added.code, added.stderr).toBe(0);
      const store = openStore({ dataDir: conduitData });
      try {
        const user = await store.db
          .selectFrom('users')
          .select(['username'])
          .where('email', '=', 'jake@example.com')
          .executeTakeFirst();
        expect(user).toEqual({ username: 'jake' });
      } finally {
        await store.close();
      }
      const wrong = await add('finn@example.com', '--set', 'username');
      expect(wrong.code).not.toBe(0);
      expect(wrong.stderr).toContain('--set takes FIELD=VALUE');
    } finally {
      rmSync(conduitData, { recursive: true, force: true });
    }
  });

  it('sets the roles of an account', async () => {
    const result = await runSpecrun([
      ...['users', 'set-roles', STOCKROOM, 'boss@example.com', 'admin', 'clerk'],
      ...['--data', data],
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect((await stored(data, 'boss@example.com'))!.roles).toEqual(['admin', 'clerk']);
    const nobody = await runSpecrun([
      ...['users', 'set-roles', STOCKROOM, 'nobody@example.com', 'admin', '--data', data],
    ]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No account has the email nobody@example.com');
    const anyone = await runSpecrun([
      ...['users', 'set-roles', STOCKROOM, 'boss@example.com', 'anyone', '--data', data],
    ]);
    expect(anyone.code).toBe(1);
    expect(anyone.stderr).toContain('built in');
    const none = await runSpecrun(['users', 'set-roles', STOCKROOM, 'boss@example.com']);
    expect(none.code).toBe(1);
    expect((await stored(data, 'boss@example.com'))!.roles).toEqual(['admin', 'clerk']);
  });

  it('is described by --help', async () => {
    const result = await runSpecrun(['--help']);
    expect(result.stdout).toContain('specrun users add FILE EMAIL --role ROLE');
    expect(result.stdout).toContain('specrun users set-roles FILE EMAIL ROLE...');
    for (const asked of [
      ['start', '--help'],
      ['users', 'add', '-h'],
      ['check', '--help'],
    ]) {
      const help = await runSpecrun(asked);
      expect(help.code, asked.join(' ')).toBe(0);
      expect(help.stdout).toContain('specrun start [FILE]');
    }
    const wrong = await runSpecrun(['users', 'remove']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('add or set-roles');
  });
});
