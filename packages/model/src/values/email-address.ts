/** An address with something before `@` and a domain of at least two labels. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

// Never part of an address a person types: controls, format characters (zero-width spaces and
// joiners, direction marks), characters with no glyph, private-use and unassigned code points.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

// Scripts whose letters are mistaken for one another (Latin `a`, Cyrillic `а`, Greek `α`), and
// the others people write addresses in. Han, kana and Hangul go together, as Japanese and Korean
// mix them. A letter of none of these counts as one more script.
const SCRIPTS: readonly RegExp[] = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Georgian}/u,
  /\p{Script=Cherokee}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Thai}/u,
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
];

function scriptOf(letter: string): number {
  const index = SCRIPTS.findIndex((script) => script.test(letter));
  return index === -1 ? SCRIPTS.length : index;
}

/** Whether one part of the address (between dots and `@`) mixes letters of several scripts. */
function mixesScripts(label: string): boolean {
  const scripts = new Set([...label].filter((c) => /\p{L}/u.test(c)).map(scriptOf));
  return scripts.size > 1;
}

/** What makes a text not an email address, or undefined when it is one (in NFC). */
export function emailProblem(text: string): string | undefined {
  if (!EMAIL.test(text)) return 'must be an email address';
  if (INVISIBLE.test(text)) return 'must not contain invisible characters';
  // Full-width letters, ligatures and the like look like ordinary ones and are not.
  if (text.normalize('NFKC') !== text) return 'must be written in ordinary characters';
  if (text.split(/[.@]/).some(mixesScripts))
    return 'must not mix letters of different alphabets in one part';
  return undefined;
}

/**
 * An email address in the one form it is kept in: Unicode NFC, so that an accent typed as one
 * character or as two is the same address.
 */
export function canonicalEmail(text: string): string {
  return text.normalize('NFC');
}

/**
 * The form an account's email is kept, compared and looked up in: no surrounding spaces, NFC,
 * lower case. Two addresses with the same account form are one account.
 */
export function accountEmail(text: string): string {
  return text.trim().normalize('NFC').toLowerCase().normalize('NFC');
}
