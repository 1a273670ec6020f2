import type { AppProperties } from '@specrun/model';
import type { Paragraph, RootContent } from 'mdast';
import { didYouMean } from '@specrun/model';
import { textOf } from '../../markdown/parse-markdown.js';
import { propertiesIn, type Property } from '../../markdown/section-parts.js';
import type { ReadContext } from '../../read-context.js';

/** What section 1 gives: the description, an optional name, and the properties. */
export interface Product {
  description: string;
  name?: string;
  properties: AppProperties;
}

const KEYS: Record<string, keyof AppProperties | 'name'> = {
  name: 'name',
  audience: 'audience',
  language: 'language',
  'time zone': 'timeZone',
  timezone: 'timeZone',
  currency: 'currency',
};

/** True when `value` is a currency code such as `EUR`. */
export const isCurrency = (value: string): boolean => /^[A-Z]{3}$/.test(value);

function valid(key: keyof AppProperties, value: string): string | undefined {
  try {
    if (key === 'timeZone') new Intl.DateTimeFormat('en', { timeZone: value });
    if (key === 'language') Intl.getCanonicalLocales(value);
  } catch {
    return key === 'timeZone'
      ? 'an IANA time zone such as `Europe/Paris`'
      : 'a language tag such as `en` or `fr-CA`';
  }
  if (key === 'currency' && !isCurrency(value)) return 'a three-letter currency code such as `EUR`';
  return undefined;
}

function readProperty(property: Property, product: Product, ctx: ReadContext): void {
  const key = KEYS[property.key.toLowerCase().replace(/\s+/g, ' ')];
  if (key === undefined) {
    ctx.bag.warning(
      'unknown-property',
      property.at,
      `\`${property.key}\` is not a property of section 1; it is kept as description only.`,
      didYouMean(property.key, ['Name', 'Audience', 'Language', 'Time zone', 'Currency']),
    );
    return;
  }
  if (property.value === '') {
    ctx.bag.warning(
      'empty-property',
      property.at,
      `\`${property.key}\` has no value; it is ignored.`,
    );
    return;
  }
  if (key === 'name') {
    product.name = property.value;
    return;
  }
  const expected = valid(key, property.value);
  if (expected !== undefined) {
    ctx.bag.error(
      'bad-property',
      property.valueAt,
      `\`${property.value}\` is not a valid ${property.key.toLowerCase()}.`,
      `write ${expected}`,
    );
    return;
  }
  product.properties[key] = property.value;
}

/** Reads section 1: its first paragraph is the description, `- Key: value` items set properties. */
export function readProduct(body: readonly RootContent[], ctx: ReadContext): Product {
  const first = body.find((n): n is Paragraph => n.type === 'paragraph');
  const product: Product = { description: first ? textOf(first) : '', properties: {} };
  for (const property of propertiesIn(body)) readProperty(property, product, ctx);
  return product;
}
