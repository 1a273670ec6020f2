import {
  ANYONE,
  SIGNED_IN,
  matchingRows,
  selectedFields,
  settableFields,
  type AppModel,
  type Entity,
  type Screen,
} from '@specrun/model';
import type { ReadContext } from '../read-context.js';

/** The roles a holder of one role of a screen's Who acts with (see callerRoles). */
function rolesOf(role: string): string[] {
  if (role === ANYONE) return [ANYONE];
  return role === SIGNED_IN ? [ANYONE, SIGNED_IN] : [ANYONE, SIGNED_IN, role];
}

/** A form edits a record when its route has `:id` (as the web app reads it), else creates one. */
const actionOf = (screen: Screen): 'create' | 'update' =>
  screen.route.split('/').some((s) => s === ':id' || s === '{id}') ? 'update' : 'create';

function checkForm(screen: Screen, entity: Entity, model: AppModel, ctx: ReadContext): void {
  const action = actionOf(screen);
  const settable = settableFields(entity);
  const known = new Set([ANYONE, SIGNED_IN, ...model.roles.map((r) => r.name)]);
  // What each role of the Who may set, as the form works it out for a holder of that role only.
  const writable = new Map<string, Set<string>>();
  screen.who.forEach((role, i) => {
    if (!known.has(role)) return;
    const rows = matchingRows(model.permissions, rolesOf(role), entity.name, action);
    if (rows.length === 0) {
      ctx.bag.warning(
        'form-field-not-settable',
        ctx.where.at(screen, `who.${i}`),
        `\`${role}\` may not ${action} ${entity.name} at all (section 6), so this form shows them no field.`,
        `allow ${role} to ${action} ${entity.name} in section 6, or take ${role} out of the screen's Who`,
      );
      return;
    }
    writable.set(role, new Set(rows.flatMap((r) => [...selectedFields(r.fields, settable)])));
  });
  (screen.fields ?? []).forEach((name, i) => {
    if (!entity.fields.some((f) => f.name === name)) return;
    const at = ctx.where.at(screen, `fields.${i}`);
    if (!settable.has(name)) {
      ctx.bag.warning(
        'form-field-not-settable',
        at,
        `\`${name}\` is never set by a caller (it is read-only, computed, a state or built in), so the form leaves it out.`,
        'remove it from the form; a detail screen shows it',
      );
      return;
    }
    const refused = [...writable].filter(([, fields]) => !fields.has(name)).map(([role]) => role);
    if (refused.length === 0) return;
    ctx.bag.warning(
      'form-field-not-settable',
      at,
      `${refused.join(', ')} may not set \`${name}\` on ${action} (section 6), so the form leaves it out for them.`,
      `add ${name} to the Fields of a row letting ${refused.join(', ')} ${action} ${entity.name}, or remove it from the form`,
    );
  });
}

/** Warns on a form that lists fields some roles of its Who may not set on its action. */
export function checkFormFields(model: AppModel, ctx: ReadContext): void {
  for (const screen of model.screens) {
    if (screen.derived || screen.kind !== 'form' || !screen.fields?.length) continue;
    const entity = model.entities.find((e) => e.name === screen.entity);
    if (entity) checkForm(screen, entity, model, ctx);
  }
}
