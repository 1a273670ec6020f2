import type { CommonPasswords } from './common-passwords.js';

// What people put around a common word to pass a length rule: digits, years, punctuation.
const PADDING = /^[\d\p{P}\p{S}\s]+|[\d\p{P}\p{S}\s]+$/gu;
const SEPARATORS = /[\p{P}\p{S}\s]+/gu;
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** The shortest unit the text repeats (`abcabcabc` → `abc`), or the text itself. */
function repeatedUnit(text: string): string {
  const chars = [...text];
  for (let size = 1; size <= chars.length / 2; size++) {
    if (chars.length % size !== 0) continue;
    const unit = chars.slice(0, size).join('');
    if (unit.repeat(chars.length / size) === text) return unit;
  }
  return text;
}

// Runs people type: the alphabet, the digits, keyboard rows; forwards, backwards and around.
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '0123456789',
  'qwertyuiopasdfghjklzxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
]
  .flatMap((run) => [run, [...run].reverse().join('')])
  .map((run) => run.repeat(4));

/** Whether the text is part of such a run (`abcdef`, `987654`, `qwertyuiop`, `7890123`). */
function isRun(text: string): boolean {
  return text.length >= 3 && RUNS.some((run) => run.includes(text));
}

/** The forms of a password a guesser tries first: as typed, unpadded, un-leeted, unrepeated. */
function guesses(password: string): Set<string> {
  const folded = password.normalize('NFKC').toLowerCase();
  const unleeted = [...folded].map((c) => LEET[c] ?? c).join('');
  const out = new Set<string>();
  for (const form of [folded, unleeted]) {
    const joined = form.replace(SEPARATORS, '');
    for (const text of [form, joined, form.replace(PADDING, ''), joined.replace(PADDING, '')]) {
      out.add(text);
      out.add(repeatedUnit(text));
    }
  }
  out.delete('');
  return out;
}

/**
 * Whether a password is among the first an attacker tries: a common or breached one (or one
 * padded with digits and symbols, spelt with digits for letters, or repeated), a run of one
 * character or a sequence, or a word of its context (the account's email, the application's
 * name). NIST SP 800-63B asks exactly these to be refused.
 */
export function isGuessablePassword(
  password: string,
  common: CommonPasswords,
  context: readonly string[],
): boolean {
  const words = new Set(
    context
      .flatMap((w) => [w, ...w.split(/[@.\s_+-]+/)])
      .map((w) => w.toLowerCase().replace(SEPARATORS, ''))
      .flatMap((w) => [w, w.replace(PADDING, '')]),
  );
  words.delete('');
  for (const guess of guesses(password)) {
    if (common.has(guess) || words.has(guess)) return true;
    const unit = repeatedUnit(guess);
    if (common.has(unit) || words.has(unit) || isRun(unit)) return true;
    // A few characters over and over (`aaaa…`, `abab…`, `qwe qwe …`) is no secret.
    if (unit !== guess ? [...unit].length <= 4 : [...unit].length === 1) return true;
  }
  return false;
}
