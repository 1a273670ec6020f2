/**
 * A client's own text repeated in an answer (a key it sent, a name it asked for) is cut short,
 * so that no request can make its answer large: an answer says what to fix, it is not an echo.
 */

/** The most characters of one piece of a client's text an answer repeats. */
export const MAX_ECHOED_CHARACTERS = 60;

/** How many of a list of names a client sent an answer repeats before counting the rest. */
export const MAX_ECHOED_NAMES = 10;

/** `text` as an answer may repeat it: at most `max` characters, the cut marked with "…". */
export function echoed(text: string, max = MAX_ECHOED_CHARACTERS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "a, b, c": the names a client sent, the first few, each cut short, then "and 39,997 more". */
export function echoedNames(names: readonly string[]): string {
  const shown = names.slice(0, MAX_ECHOED_NAMES).map((name) => echoed(name));
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more.toLocaleString('en')} more` : shown.join(', ');
}
