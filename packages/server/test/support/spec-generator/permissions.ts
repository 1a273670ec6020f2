import { ROLES } from './names.js';
import type { GenContext } from './context.js';
import { userEntity } from './context.js';
import { condition, scopes } from './expressions.js';
import type { EntityPlan, PermissionPlan, RolePlan } from './plan.js';

/** The roles table: one to three roles, at most one of them the sign-up default. */
export function drawRoles(ctx: GenContext): RolePlan[] {
  const { draw } = ctx;
  const names = draw.some(ROLES, 1, 3);
  const roles = names.map((name, i): RolePlan => {
    const signUp =
      i === 0 ? draw.pick(['default', 'yes', 'no'] as const) : draw.pick(['yes', 'no'] as const);
    return { name, signUp };
  });
  ctx.roles = names;
  return roles;
}

/** An Allowed cell: yes, no, or a condition on the record and the user. */
function allowedOf(ctx: GenContext, entity: EntityPlan): string {
  const { draw } = ctx;
  const choice = draw.int(0, 4);
  if (choice === 0) return 'no';
  if (choice <= 2) return 'yes';
  return `\`${condition(ctx, scopes.allowed(entity))}\``;
}

/** A Fields cell: all, all except some, or a list of fields. */
function fieldsOf(ctx: GenContext, entity: EntityPlan): string {
  const { draw } = ctx;
  const names = entity.fields.map((f) => f.name);
  const choice = draw.int(0, 2);
  if (choice === 0 || names.length === 0) return 'all';
  const some = draw.some(names, 1, 3);
  if (choice === 1) return `all except ${some.join(', ')}`;
  return [...some, ...(draw.chance(ctx.wrong) ? ['nosuchfield'] : [])].join(', ');
}

/** The rows of one role for one entity: read, writes, and its lifecycle's actions. */
function rowsFor(ctx: GenContext, role: string, entity: EntityPlan): PermissionPlan[] {
  const { draw } = ctx;
  const rows: PermissionPlan[] = [];
  const row = (actions: string[], fields: boolean) => ({
    roles: [role],
    entity: entity.name,
    actions,
    allowed: allowedOf(ctx, entity),
    fields: fields ? fieldsOf(ctx, entity) : '',
  });
  if (draw.chance(0.8)) rows.push(row(['read'], true));
  const writes = draw.some(['create', 'update'], 0, 2);
  if (writes.length > 0) rows.push(row(writes, true));
  if (draw.chance(0.3)) rows.push(row(['delete'], false));
  const actions = [...new Set(entity.lifecycle?.rows.map((r) => r.action) ?? [])];
  if (actions.length > 0 && draw.chance(0.8)) rows.push(row(draw.some(actions, 1), false));
  return rows;
}

/** The permission rows: per role and entity, plus User rows and sometimes `* | *`. */
export function drawPermissions(ctx: GenContext): PermissionPlan[] {
  const { draw } = ctx;
  const rows: PermissionPlan[] = [];
  const user = userEntity(ctx);
  for (const role of [...ctx.roles, 'signed-in']) {
    for (const entity of ctx.entities)
      if (draw.chance(0.7)) rows.push(...rowsFor(ctx, role, entity));
    if (draw.chance(0.4)) rows.push(...rowsFor(ctx, role, user).slice(0, 2));
  }
  if (draw.chance(0.2)) {
    rows.push({
      roles: [draw.pick(ctx.roles)],
      entity: '*',
      actions: ['*'],
      allowed: 'yes',
      fields: 'all',
    });
  }
  return rows;
}
