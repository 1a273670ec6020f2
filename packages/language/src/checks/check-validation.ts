import type { AppModel } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** Checks section 5: each rule's entity and error code exist. */
export function checkValidation(model: AppModel, ctx: ReadContext): void {
  const entities = model.entities.map((e) => e.name);
  const codes = model.catalogue.map((c) => c.code);
  for (const rule of model.rules) {
    expectKnown(
      { code: 'unknown-entity', what: 'entity', word: rule.entity, candidates: entities },
      ctx.where.at(rule, 'entity'),
      ctx,
    );
    expectKnown(
      { code: 'unknown-error-code', what: 'error code', word: rule.error, candidates: codes },
      ctx.where.at(rule, 'error'),
      ctx,
    );
  }
}
