/** The common and breached passwords new passwords are checked against (NIST SP 800-63B). */
export type CommonPasswords = ReadonlySet<string>;

let loading: Promise<CommonPasswords> | undefined;

/**
 * The 49,000 most common passwords of public breaches, as zxcvbn-ts ships them (MIT), in lower
 * case. Loaded once per process, on the server only, when a password is first checked: the list
 * is about 400 KB and takes some 100 ms to unpack (several times that on a busy machine), which
 * start, and every request but the first that sets a password, would otherwise wait for.
 */
export function loadCommonPasswords(): Promise<CommonPasswords> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return loading;
}
