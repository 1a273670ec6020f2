import { didYouMean, type ErrorBody } from '@specrun/model';
import type { InlineCode, RootContent } from 'mdast';
import type { At } from '../../diagnostics/diagnostic-bag.js';
import { propertiesIn, type Property } from '../../markdown/section-parts.js';
import type { ReadContext } from '../../read-context.js';

const FORM = '`{ errors: { key: [message] } }`';

type Token = { text: string; offset: number };

/** The words and marks of a body: names, `{ } : [ ]`; the offset of the first stray character. */
function tokensOf(source: string): Token[] | number {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_][\w-]*)|([{}:[\]]))/y;
  let index = 0;
  while (index < source.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(source);
    if (!match) {
      const rest = source.slice(index);
      return rest.trim() === '' ? tokens : index + rest.length - rest.trimStart().length;
    }
    const text = match[1] ?? match[2]!;
    tokens.push({ text, offset: pattern.lastIndex - text.length });
    index = pattern.lastIndex;
  }
  return tokens;
}

/**
 * `{ name: body }` around `{ key: [message] }`: the names, outermost first, or the offset of the
 * first token that does not fit (the text's length when it ends too soon).
 */
function keysAround(tokens: Token[], end: number): string[] | number {
  const at: string[] = [];
  let index = 0;
  const expect = (text: string | RegExp): number | undefined => {
    const token = tokens[index];
    if (!token) return end;
    const fits = typeof text === 'string' ? token.text === text : text.test(token.text);
    if (!fits) return token.offset;
    index++;
    return undefined;
  };
  for (;;) {
    const wrong = expect('{') ?? expect(/^[A-Za-z_]/);
    if (wrong !== undefined) return wrong;
    const name = tokens[index - 1]!.text;
    const colon = expect(':');
    if (colon !== undefined) return colon;
    if (name === 'key') break;
    at.push(name);
  }
  const inner = expect('[') ?? expect('message') ?? expect(']');
  if (inner !== undefined) return inner;
  for (let depth = 0; depth <= at.length; depth++) {
    const close = expect('}');
    if (close !== undefined) return close;
  }
  return index < tokens.length ? tokens[index]!.offset : at;
}

/** Where the body's text starts: inside its code span when it is written as one. */
function valueStart(property: Property): At {
  const code = property.paragraph.children.find((n): n is InlineCode => n.type === 'inlineCode');
  const start = code?.position?.start;
  if (!code || !start || code.value.trim() !== property.value) return property.valueAt;
  return {
    line: start.line,
    column: start.column + 1 + (code.value.length - code.value.trimStart().length),
  };
}

function readBody(property: Property, ctx: ReadContext): ErrorBody | undefined {
  const start = valueStart(property);
  const text = property.value;
  const tokens = tokensOf(text);
  const keys = typeof tokens === 'number' ? tokens : keysAround(tokens, text.length);
  if (typeof keys !== 'number') return { kind: 'messages-by-key', at: keys, line: start.line };
  const seen = text.slice(keys).trim();
  ctx.bag.error(
    'bad-error-body',
    { line: start.line, column: start.column + keys },
    seen === ''
      ? `The error body \`${text}\` ends too soon.`
      : `The error body cannot read \`${seen.slice(0, 20)}\` here.`,
    `write ${FORM}: keys around { key: [message] }, where key and message are placeholders`,
  );
  return undefined;
}

/** Reads section 8's `- Body:` property: the shape of every error answer (none: problem documents). */
export function readErrorBody(
  body: readonly RootContent[] | undefined,
  ctx: ReadContext,
): ErrorBody | undefined {
  let declared: ErrorBody | undefined;
  let first: At | undefined;
  for (const property of propertiesIn(body ?? [])) {
    if (property.key.toLowerCase() !== 'body') {
      ctx.bag.warning(
        'unknown-property',
        property.at,
        `\`${property.key}\` is not a property of section 8; it is kept as description only.`,
        didYouMean(property.key, ['Body']) ?? `write - Body: ${FORM}`,
      );
      continue;
    }
    if (first) {
      ctx.bag.error(
        'duplicate-error-body',
        property.at,
        `Section 8 declares the error body twice; the first is at line ${first.line}.`,
        'remove one of the two',
      );
      continue;
    }
    first = property.at;
    declared = readBody(property, ctx);
  }
  return declared;
}

/** The model's `errorBody` property: present only when section 8 declares one. */
export function errorBodyOf(
  body: readonly RootContent[] | undefined,
  ctx: ReadContext,
): { errorBody?: ErrorBody } {
  const errorBody = readErrorBody(body, ctx);
  return errorBody ? { errorBody } : {};
}
