import { PASSWORD } from './serve-app.js';

/** Calls the API as one signed-in user, the way another client would: for test setup. */
export type ApiAs = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Signs in through the API (default account calls) and answers a caller with that session. */
export async function apiAs(base: string, email: string): Promise<ApiAs> {
  const signIn = await fetch(`${base}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in of ${email} failed: ${signIn.status}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  return async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
}
