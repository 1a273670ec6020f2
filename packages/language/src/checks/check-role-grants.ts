import { analyseExpression } from '@specrun/expr';
import {
  ANYONE,
  SIGNED_IN,
  rowMatches,
  selectedFields,
  settableFields,
  type AppModel,
  type Permission,
} from '@specrun/model';
import type { ReadContext } from '../read-context.js';

const OWN_ACCOUNT = new Set(['record.id==user.id', 'user.id==record.id']);

/** A conjunct as compared text: no spaces, no enclosing parentheses (a mismatch misses only). */
function bare(source: string): string {
  let text = source.replace(/\s+/g, '');
  while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1);
  return text;
}

/** Whether the row's condition holds only on the caller's own account (`record.id == user.id`). */
function ownAccountOnly(permission: Permission, model: AppModel): boolean {
  if (permission.allowed.kind !== 'when') return false;
  const source = permission.allowed.condition.source;
  const scope =
    permission.entity === '*'
      ? { hasUser: true, dynamic: ['record'] }
      : { entity: 'User', hasUser: true };
  try {
    const { conjuncts } = analyseExpression(source, model, scope);
    return conjuncts.some((c) => OWN_ACCOUNT.has(bare(c.source)));
  } catch {
    return false;
  }
}

/** Roles anybody can hold: every caller's, every user's, and those sign-up gives or offers. */
function publicRoles(model: AppModel): Set<string> {
  const open = model.roles.filter((r) => r.signUp !== 'no').map((r) => r.name);
  return new Set([ANYONE, SIGNED_IN, ...open]);
}

/**
 * Warns on a row of section 6 that lets users give themselves roles: one letting a role anybody
 * can hold update `User.roles`, or one letting any role update the `roles` of their own account.
 * Roles are how every other row is chosen, so either hands out every permission of the app.
 */
export function checkRoleGrants(model: AppModel, ctx: ReadContext): void {
  const user = model.entities.find((e) => e.name === 'User');
  if (!user) return;
  const settable = settableFields(user);
  const open = publicRoles(model);
  for (const permission of model.permissions) {
    if (permission.line === 0 || permission.allowed.kind === 'no') continue;
    if (!rowMatches(permission, 'User', 'update')) continue;
    if (!selectedFields(permission.fields, settable).has('roles')) continue;
    const anybody = open.has(permission.role);
    if (!anybody && !ownAccountOnly(permission, model)) continue;
    const fields = permission.fields;
    const index = fields.kind === 'only' ? fields.fields.indexOf('roles') : -1;
    const who = anybody
      ? `anybody can be ${permission.role}`
      : `this row is about their own account`;
    ctx.bag.warning(
      'self-role-change',
      ctx.where.at(permission, index >= 0 ? `fields.${index}` : 'fields'),
      `This row lets ${permission.role} change \`roles\` of User, and ${who}: users could give themselves any role.`,
      'leave roles out of this row (`all except roles`); let a role nobody signs up for (Sign-up no) manage roles',
    );
  }
}
