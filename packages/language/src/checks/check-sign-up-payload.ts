import { isSettable, payloadFields, type AppModel } from '@specrun/model';
import type { ReadContext } from '../read-context.js';

/** The fields a new account cannot do without: email, password, and User's required ones. */
function neededFields(model: AppModel): string[] {
  const user = model.entities.find((e) => e.name === 'User');
  const required = (user?.fields ?? []).filter(
    (f) =>
      f.required &&
      f.default === undefined &&
      f.name !== 'email' &&
      (f.name === 'name' || (!f.builtin && isSettable(f))),
  );
  return ['email', 'password', ...required.map((f) => f.name)];
}

/**
 * A declared sign-up takes only the fields its payload names, so a payload that leaves out a
 * field every account needs (email, password, a required field of User with no default) could
 * never make an account: an error on the call, naming them.
 */
export function checkSignUpPayload(model: AppModel, ctx: ReadContext): void {
  const needed = neededFields(model);
  for (const call of model.calls) {
    if (call.operation.kind !== 'sign-up') continue;
    const named = payloadFields(call.payload);
    const missing = named ? needed.filter((name) => !named.has(name)) : [];
    if (missing.length === 0) continue;
    ctx.bag.error(
      'sign-up-misses-fields',
      ctx.where.at(call, 'path', { line: call.line, column: 1 }),
      `This sign-up's payload leaves out ${missing.map((n) => `\`${n}\``).join(', ')}, which every account needs.`,
      'add them to the payload, or make the User fields optional (`| name | text | no | | |`)',
    );
  }
}
