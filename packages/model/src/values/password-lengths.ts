// Apart from password-rules.ts, which reads the engine limits: the limits read this default, and
// a module that both imports and is imported by engine-limits.ts left it undefined whenever
// password-rules.ts happened to load first.

/**
 * The shortest password accepted unless section 9 sets MIN_PASSWORD_LENGTH: NIST SP 800-63B
 * (revision 4) asks 15 characters of a password that is the only factor, as it is here.
 */
export const MIN_PASSWORD_LENGTH = 15;
/** The longest: beyond it hashing would only cost time. */
export const MAX_PASSWORD_LENGTH = 200;
