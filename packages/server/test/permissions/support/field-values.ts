import type { AppModel, Field } from '@specrun/model';
import type { Actor } from '../../../src/index.js';
import type { Harness, Overrides } from '../../operations/support/harness.js';
import { sampleValue } from '../../operations/support/sample-values.js';
import type { World } from './world.js';

/**
 * A value for `field` unlike `current`, valid as far as its type and rules go, so that a write
 * the policy allows usually succeeds: references to other stored records, the next enum value,
 * the other boolean, a pattern's value from the example's own overrides.
 */
export async function freshValue(
  h: Harness,
  overrides: Overrides,
  entity: string,
  field: Field,
  current: unknown,
  world: World,
  maker: Actor,
): Promise<unknown> {
  const model: AppModel = h.model;
  const t = field.type;
  const other = (name: string) =>
    world
      .records(name)
      .map((r) => r.id)
      .find((id) => id !== current) ?? null;
  switch (t.kind) {
    case 'reference':
      return other(t.entity);
    case 'list':
      return [other(t.entity)];
    case 'roles': {
      const names = model.roles.map((r) => r.name);
      return [names.find((n) => !(current as string[] | undefined)?.includes(n)) ?? names[0]];
    }
    case 'enum':
      return t.values.find((v) => v !== current) ?? t.values[0];
    case 'boolean':
      return current !== true;
    case 'state': {
      const states = model.lifecycles.find((l) => l.entity === entity)?.states ?? ['x'];
      return states.find((s) => s !== current) ?? 'x';
    }
    case 'money':
      return current === '10.00' ? '9.00' : '10.00';
    case 'id':
      return '00000000-0000-7000-8000-000000000000';
    default: {
      if (field.rules.some((r) => r.kind === 'pattern')) {
        const body = await overrides[entity]?.(h, maker);
        if (body && field.name in body) return body[field.name];
      }
      const value = sampleValue(field);
      if (value === current && typeof value === 'number') return value + 1;
      return value ?? null;
    }
  }
}
