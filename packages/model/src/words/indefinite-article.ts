// "an" before a vowel sound. Spelling decides, with the common English exceptions: a `u` read as
// "you" (user, unit, usage, uranium) takes "a", a silent `h` (hour, honest, heir) takes "an".
const AN = /^(?:[aeio]|u(?!s|ni|ti|r[aeiou]|k)|hour|honou?r|honest|heir)/i;

/** A noun phrase with its indefinite article: "a speaker", "an expense report", "a user". */
export function withArticle(phrase: string): string {
  return `${AN.test(phrase) ? 'an' : 'a'} ${phrase}`;
}
