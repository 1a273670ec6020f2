/** The common and breached passwords new passwords are checked against (NIST SP 800-63B). */
export type CommonPasswords = ReadonlySet<string>;

let loading: Promise<CommonPasswords> | undefined;

/**
 * The 49,000 most common passwords of public breaches, as zxcvbn-ts ships them (MIT), in lower
 * case. Loaded once per process, on the server only, when accounts are first prepared: the list
 * is about 400 KB and takes some 100 ms to unpack, which no request should wait for.
 */
export function loadCommonPasswords(): Promise<CommonPasswords> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return loading;
}
