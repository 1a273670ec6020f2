import { peopleActions, type AppModel, type Permission } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';
import { BUILTIN_ROLES } from '../sections/permissions/read-roles.js';

const CRUD = ['read', 'create', 'update', 'delete'];

/** The actions a permission row may name for an entity (`*`: for any entity). */
function actionsFor(entity: string, model: AppModel): string[] {
  const lifecycles = model.lifecycles.filter((l) => entity === '*' || l.entity === entity);
  // An automatic transition is the system's: section 6 gives it to nobody.
  return ['*', ...CRUD, ...lifecycles.flatMap((l) => peopleActions(l))];
}

function checkFields(permission: Permission, model: AppModel, ctx: ReadContext): void {
  const selection = permission.fields;
  const entity = model.entities.find((e) => e.name === permission.entity);
  // A `no` row takes powers away: it covers no fields, so it needs none.
  if (
    selection.kind === 'none' &&
    permission.allowed.kind !== 'no' &&
    permission.actions.some((a) => ['read', 'create', 'update', '*'].includes(a))
  ) {
    ctx.bag.warning(
      'missing-fields',
      ctx.where.at(permission, 'fields'),
      'This row reads or writes records but gives no fields, so it covers none.',
      'write `all`, `all except …`, or the list of fields',
    );
  }
  if (!entity || (selection.kind !== 'only' && selection.kind !== 'allExcept')) return;
  const names = entity.fields.map((f) => f.name);
  selection.fields.forEach((field, i) => {
    expectKnown(
      { code: 'unknown-field', what: `field of ${entity.name}`, word: field, candidates: names },
      ctx.where.at(permission, `fields.${i}`),
      ctx,
    );
  });
}

/** Checks section 6's permissions: roles, entities, actions and fields exist. */
export function checkPermissions(model: AppModel, ctx: ReadContext): void {
  const roles = [...BUILTIN_ROLES, ...model.roles.map((r) => r.name)];
  const entities = ['*', ...model.entities.map((e) => e.name)];
  for (const permission of model.permissions) {
    if (permission.line === 0) continue;
    expectKnown(
      { code: 'unknown-role', what: 'role', word: permission.role, candidates: roles },
      ctx.where.at(permission, 'role'),
      ctx,
    );
    if (
      !expectKnown(
        { code: 'unknown-entity', what: 'entity', word: permission.entity, candidates: entities },
        ctx.where.at(permission, 'entity'),
        ctx,
      )
    )
      continue;
    const actions = actionsFor(permission.entity, model);
    permission.actions.forEach((action, i) => {
      expectKnown(
        {
          code: 'unknown-action',
          what: `action on ${permission.entity}`,
          word: action,
          candidates: actions,
        },
        ctx.where.at(permission, `actions.${i}`),
        ctx,
      );
    });
    checkFields(permission, model, ctx);
  }
}
