// The benchmark's signed-in customers: each signs up through the API, as a person would, and
// keeps the session cookie specrun gives (the baseline reads the same sessions table).
const PASSWORD = 'correct horse battery staple';

/** Signs a customer up; answers their id and the Cookie header to send. */
export async function signUp(base, name) {
  const email = `${name}@bench.test`;
  const response = await fetch(`${base}/api/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name, password: PASSWORD }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('sign-up gave no session cookie');
  const { id } = await response.json();
  return { id, cookie };
}
