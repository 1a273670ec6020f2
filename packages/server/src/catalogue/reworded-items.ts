import { fieldLabel, type Catalogue } from '@specrun/model';
import type { ErrorItem } from './app-error.js';

/**
 * The items of an answer, each REQUIRED one in section 8's words when it rewords REQUIRED
 * (`| REQUIRED | 422 | | can't be blank |`). The save's own items already are; this reaches the
 * account calls' blank fields, whose engine words say what to give ("Give a password as text.").
 */
export function rewordedItems(
  catalogue: Catalogue,
  items: readonly ErrorItem[] | undefined,
): readonly ErrorItem[] | undefined {
  if (!items || !catalogue.rewords('REQUIRED')) return items;
  return items.map((item) =>
    item.code === 'REQUIRED'
      ? {
          ...item,
          message: catalogue.resolve(
            'REQUIRED',
            item.field ? { field: fieldLabel(item.field) } : {},
          ).message,
        }
      : item,
  );
}
