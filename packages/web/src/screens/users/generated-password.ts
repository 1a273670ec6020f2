/**
 * A strong password for a new account, as `specrun users add` makes one: 24 random bytes, 32
 * characters of base64url. The manager may type another; either is shown once, to be passed on.
 */
export function generatedPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
