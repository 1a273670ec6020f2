import { analyseExpression, listFilterRefusals, whyNotInDatabase } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { ReadContext } from '../read-context.js';

const HINT =
  "filter on the record's own fields, the ids of its references and `user`; a condition on other records belongs in section 6";

const squeezed = (source: string) => source.replace(/\s+/g, '');

/** Whether a list call of the entity has this condition as its `where` (see web list-call.ts). */
function appliedByCall(model: AppModel, entity: string, source: string): boolean {
  return model.calls.some(
    (c) =>
      c.operation.kind === 'list' &&
      c.operation.entity === entity &&
      c.where !== undefined &&
      squeezed(c.where.source) === squeezed(source),
  );
}

/**
 * A list screen's filter is sent by the web app as the `filter=` of its list call, which the
 * server compiles to SQL and refuses when it counts records or follows a reference past its id
 * (it must not tell the caller what they may not read). Such a filter would be refused at every
 * load: an error at the token, as the server would name it.
 */
export function checkListFilters(model: AppModel, ctx: ReadContext): void {
  for (const screen of model.screens) {
    if (screen.kind !== 'list' || !screen.filter || !screen.entity) continue;
    const { source } = screen.filter;
    // A list call whose `where` is this filter applies it: the web app sends no filter= then.
    if (appliedByCall(model, screen.entity, source)) continue;
    const scope = { entity: screen.entity, hasUser: true };
    let refusal: { offset: number; message: string } | undefined;
    try {
      const analysis = analyseExpression(source, model, scope);
      // An expression that does not check is reported as such already.
      if (analysis.issues.length > 0) continue;
      refusal =
        listFilterRefusals(analysis)[0] ??
        whyNotInDatabase(source, model, scope, { row: 'record' });
    } catch {
      continue;
    }
    if (!refusal) continue;
    ctx.bag.error(
      'list-filter-refused',
      ctx.where.inExpression(screen.filter, refusal.offset),
      `The list call refuses this filter, which the screen sends with every load: ${refusal.message.replace(/\.$/, '')}.`,
      HINT,
    );
  }
}
