import { runCli, type Storage } from './specrun-process.js';

/** The password of every account the suite makes. */
export const PASSWORD = 'correct horse battery staple';

/** A signed-in caller: their id and the Cookie header to send. */
export interface Caller {
  id: string;
  cookie: string;
}

/** Adds an account with `specrun users add`, as an owner would (before or while serving). */
export async function addUser(spec: string, storage: Storage, email: string, role: string) {
  const args = ['users', 'add', spec, email, '--role', role, '--password-stdin'];
  const { code, text } = await runCli(args, storage, PASSWORD);
  if (code !== 0) throw new Error(`users add ${email} failed (${code}): ${text}`);
}

async function session(response: Response, what: string): Promise<Caller> {
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`${what} set no cookie`);
  const body = (await response.json()) as { id: string };
  return { id: body.id, cookie };
}

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs in an account made with addUser. */
export async function signIn(base: string, email: string): Promise<Caller> {
  return session(await post(base, '/api/sign-in', { email, password: PASSWORD }), 'sign-in');
}

/** Signs up a new customer. */
export async function signUp(base: string, email: string): Promise<Caller> {
  const body = { email, name: email.split('@')[0], password: PASSWORD };
  return session(await post(base, '/api/sign-up', body), 'sign-up');
}

/** A JSON call as a signed-in caller; answers the status and the parsed body. */
export async function call(
  base: string,
  caller: Caller | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(caller ? { cookie: caller.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
