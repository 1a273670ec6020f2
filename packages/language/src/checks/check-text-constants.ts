import { constantTexts, constantsNamed, type AppModel } from '@specrun/model';
import type { At } from '../diagnostics/diagnostic-bag.js';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** Where `{NAME}` was written: the first line from `line` on that holds it, else that line. */
function placeOf(ctx: ReadContext, line: number, written: string): At {
  const lines = ctx.source.split(/\r\n|\r|\n/);
  for (let i = Math.max(0, line - 1); i < lines.length; i++) {
    const column = lines[i]!.indexOf(written);
    if (column >= 0) return { line: i + 1, column: column + 2 };
  }
  return { line, column: 1 };
}

/**
 * Errors on a `{NAME}` in a text people read (the product's description, a dashboard's or a
 * page's text, an entity's or a field's description) that names no constant: it would be shown
 * as written, braces and all.
 */
export function checkTextConstants(model: AppModel, ctx: ReadContext): void {
  const candidates = [...constantTexts(model).keys()];
  const check = (text: string | undefined, line: number | undefined) => {
    for (const { name } of constantsNamed(text ?? '')) {
      const at = placeOf(ctx, line ?? 1, `{${name}}`);
      expectKnown({ code: 'unknown-constant', what: 'constant', word: name, candidates }, at, ctx);
    }
  };
  check(model.description, 1);
  for (const screen of model.screens) check(screen.text, screen.line);
  for (const entity of model.entities) {
    if (entity.builtin) continue;
    check(entity.description, entity.line);
    for (const field of entity.fields) check(field.description, field.line);
  }
}
