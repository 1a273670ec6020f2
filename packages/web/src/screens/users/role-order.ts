import type { AppModel } from '@specrun/model';

/** Roles in the order section 6 declares them, as the role boxes list them: not as stored. */
export function inDeclaredOrder(model: AppModel, roles: readonly string[]): string[] {
  const rank = (role: string) => {
    const index = model.roles.findIndex((r) => r.name === role);
    return index < 0 ? model.roles.length : index;
  };
  return [...roles].sort((a, b) => rank(a) - rank(b));
}
