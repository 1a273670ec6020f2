import type { CallAccess, TokenScheme } from '@specrun/model';
import type { RootContent } from 'mdast';
import { didYouMean } from '@specrun/model';
import { propertiesIn, wordsOf, type Property } from '../../markdown/section-parts.js';
import type { ReadContext } from '../../read-context.js';

const TOKENS = /^Authorization:\s*(Token|Bearer)$/i;
const SCHEMES: Record<string, TokenScheme> = { token: 'Token', bearer: 'Bearer' };

function readTokens(property: Property, ctx: ReadContext): TokenScheme | undefined {
  const scheme = TOKENS.exec(property.value)?.[1];
  if (scheme) return SCHEMES[scheme.toLowerCase()];
  ctx.bag.error(
    'bad-tokens',
    property.valueAt,
    `\`${property.value}\` is not a token header.`,
    'write `Authorization: Token` or `Authorization: Bearer`',
  );
  return undefined;
}

/** An origin as browsers send it: scheme, host and port, nothing after. */
function isOrigin(word: string): boolean {
  try {
    const url = new URL(word);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === word.replace(/\/$/, '');
  } catch {
    return false;
  }
}

function readOrigins(property: Property, ctx: ReadContext): string[] {
  const words = wordsOf(property);
  const origins: string[] = [];
  for (const { word, at } of words) {
    if (word === '*' ? words.length === 1 : isOrigin(word)) origins.push(word.replace(/\/$/, ''));
    else
      ctx.bag.error(
        'bad-origin',
        at,
        word === '*'
          ? '`*` lets every origin in, so it stands alone.'
          : `\`${word}\` is not an origin.`,
        word === '*'
          ? 'write `*` alone, or list the origins'
          : 'write a scheme and host such as `https://app.example` or `http://localhost:4100`',
      );
  }
  return origins;
}

/** Reads section 7's `- Tokens:` and `- Origins:` bullets; undefined when it has neither. */
export function readCallAccess(
  body: readonly RootContent[],
  ctx: ReadContext,
): CallAccess | undefined {
  const access: CallAccess = {};
  for (const property of propertiesIn(body)) {
    const key = property.key.toLowerCase();
    if (key === 'tokens') {
      const scheme = readTokens(property, ctx);
      if (scheme) access.tokens = scheme;
      ctx.where.set(access, 'tokens', property.valueAt);
    } else if (key === 'origins') {
      const origins = readOrigins(property, ctx);
      if (origins.length > 0) access.origins = origins;
    } else
      ctx.bag.warning(
        'unknown-property',
        property.at,
        `\`${property.key}\` is not a property of section 7; it is kept as description only.`,
        didYouMean(property.key, ['Tokens', 'Origins']),
      );
  }
  return Object.keys(access).length > 0 ? access : undefined;
}
