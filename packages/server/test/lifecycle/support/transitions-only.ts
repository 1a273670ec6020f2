/**
 * A record's `actions` keep to its lifecycle's transitions: they also say whether the caller may
 * `update` and `delete` it (section 6), which tests of transitions leave to write-actions.test.ts.
 */
export function transitionsOnly(actions: readonly string[]): string[] {
  return actions.filter((a) => a !== 'update' && a !== 'delete');
}
