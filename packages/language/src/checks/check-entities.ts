import type { AppModel } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** Checks section 3's references: referenced entities exist; state fields have a lifecycle. */
export function checkEntities(model: AppModel, ctx: ReadContext): void {
  const names = model.entities.map((e) => e.name);
  for (const entity of model.entities) {
    const states = entity.fields.filter((f) => f.type.kind === 'state');
    for (const field of entity.fields) {
      const type = field.type;
      if (type.kind === 'reference' || type.kind === 'list') {
        expectKnown(
          { code: 'unknown-entity', what: 'entity', word: type.entity, candidates: names },
          ctx.where.at(field, 'type'),
          ctx,
        );
      }
    }
    for (const extra of states.slice(1)) {
      ctx.bag.error(
        'duplicate-state-field',
        ctx.where.at(extra, 'name'),
        `\`${entity.name}\` has more than one state field.`,
        'an entity has one lifecycle, held in one field of type state',
      );
    }
    const first = states[0];
    if (first && !model.lifecycles.some((l) => l.entity === entity.name)) {
      ctx.bag.warning(
        'state-without-lifecycle',
        ctx.where.at(first, 'type'),
        `\`${entity.name}.${first.name}\` is a state, but section 4 gives \`${entity.name}\` no lifecycle.`,
        `add \`### ${entity.name}\` with its states and transitions to section 4`,
      );
    }
  }
}
