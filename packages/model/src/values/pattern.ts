import { RE2JS } from '@bufbuild/re2';

/** A compiled regular expression: whether a value matches it anywhere (anchor with `^…$`). */
export interface PatternTest {
  test(value: string): boolean;
}

/**
 * Compiles a regular expression for the linear-time engine (RE2 semantics, as CEL's `matches`
 * runs it): matching costs time in proportion to the value's length, whatever the pattern, so
 * no value can make a check run for seconds. Throws when the engine cannot run it (see
 * patternProblem).
 */
export function compilePattern(regex: string): PatternTest {
  return RE2JS.compile(regex);
}

/** Why the engine cannot run a pattern: where (0-based, in the pattern), what, and what to do. */
export interface PatternProblem {
  index: number;
  message: string;
  hint: string;
}

// What backtracking engines have and RE2 does not. Escapes count anywhere; a lookaround only
// outside a character class, where `(?=` is just characters.
const CONSTRUCTS: { at: RegExp; inClass: boolean; message: string; hint: string }[] = [
  {
    at: /^\\(?:[1-9]|k<)/,
    inClass: true,
    message: 'it refers back to a group (a backreference)',
    hint: 'a backreference cannot be matched in linear time: spell out what it repeats',
  },
  {
    at: /^\(\?<?[=!]/,
    inClass: false,
    message: 'it looks ahead or behind (a lookaround)',
    hint: 'a lookaround cannot be matched in linear time: match the text itself',
  },
  {
    at: /^\\u/,
    inClass: true,
    message: 'it writes a character as a \\u escape',
    hint: 'write the character itself',
  },
];

/** The first construct RE2 lacks, stepping over escapes and minding character classes. */
function firstConstruct(regex: string): PatternProblem | undefined {
  let inClass = false;
  for (let i = 0; i < regex.length; i++) {
    const rest = regex.slice(i);
    const found = CONSTRUCTS.find((c) => (c.inClass || !inClass) && c.at.test(rest));
    if (found) return { index: i, message: found.message, hint: found.hint };
    if (regex[i] === '\\') i++;
    else if (regex[i] === '[') inClass = true;
    else if (regex[i] === ']') inClass = false;
  }
  return undefined;
}

/**
 * Why the linear-time engine cannot run a regular expression, or undefined when it can:
 * backreferences, lookarounds and `\u` escapes are named with a way out; anything else with the
 * engine's own words.
 */
export function patternProblem(regex: string): PatternProblem | undefined {
  try {
    compilePattern(regex);
    return undefined;
  } catch (error) {
    const construct = firstConstruct(regex);
    if (construct) return construct;
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    return {
      index: 0,
      message: `the engine cannot read it (${reason})`,
      hint: 'patterns follow RE2 syntax: https://github.com/google/re2/wiki/Syntax',
    };
  }
}
