import type { AppModel } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** Checks `add me to E.field` and `remove me from E.field`: the field is a `list of User` of E. */
export function checkMemberCalls(model: AppModel, ctx: ReadContext): void {
  for (const call of model.calls) {
    const operation = call.operation;
    if (operation.kind !== 'add-me' && operation.kind !== 'remove-me') continue;
    const entity = model.entities.find((e) => e.name === operation.entity);
    if (!entity) continue; // checkCalls reports the unknown entity
    const at = ctx.where.at(call, 'field', ctx.where.at(call, 'entity'));
    const candidates = entity.fields.map((f) => f.name);
    const what = `field of ${entity.name}`;
    const word = operation.field;
    if (!expectKnown({ code: 'unknown-field', what, word, candidates }, at, ctx)) continue;
    const field = entity.fields.find((f) => f.name === word)!;
    if (field.type.kind === 'list' && field.type.entity === 'User') continue;
    ctx.bag.error(
      'bad-member-field',
      at,
      `\`${entity.name}.${word}\` is not a \`list of User\`, so the caller cannot be added to it or removed from it.`,
      'name a field of type `list of User`, such as `favoritedBy`',
    );
  }
}
