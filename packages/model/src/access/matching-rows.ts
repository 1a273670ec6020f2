import type { Permission } from '../permissions.js';

const covers = (cell: string, name: string) => cell === '*' || cell === name;

/** Whether a row of section 6 names the entity and the action, itself or by `*`. */
export function rowMatches(row: Permission, entity: string, action: string): boolean {
  return covers(row.entity, entity) && row.actions.some((a) => covers(a, action));
}

/**
 * The rows that may allow `action` on `entity` to a caller with these roles. Rows add up across
 * roles; a `no` row takes precedence over the other rows of its own role for the entity and the
 * action it names, but takes nothing away from another role. `no` rows themselves allow nothing,
 * so they are not returned. The server plans its decisions from these rows, and the web app
 * offers what they allow.
 */
export function matchingRows(
  permissions: readonly Permission[],
  roles: readonly string[],
  entity: string,
  action: string,
): Permission[] {
  const allowing: Permission[] = [];
  for (const role of roles) {
    const rows = permissions.filter((p) => p.role === role && rowMatches(p, entity, action));
    if (rows.some((p) => p.allowed.kind === 'no')) continue;
    allowing.push(...rows);
  }
  return allowing;
}
