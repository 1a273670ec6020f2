import {
  ENGINE_FIELDS,
  type AppModel,
  type Entity,
  type Field,
  type Lifecycle,
} from '@specrun/model';

/** The entity of that name, or undefined. */
export function entityOf(model: AppModel, name: string): Entity | undefined {
  return model.entities.find((e) => e.name === name);
}

/** The field of that name, or undefined. */
export function fieldOf(entity: Entity, name: string): Field | undefined {
  return entity.fields.find((f) => f.name === name);
}

/** The entity's lifecycle (section 4), or undefined when its records have no states. */
export function lifecycleOf(model: AppModel, entity: string): Lifecycle | undefined {
  return model.lifecycles.find((l) => l.entity === entity);
}

/** Whether the field is worked out from others (a `computed` rule). */
export function isComputed(field: Field): boolean {
  return field.rules.some((r) => r.kind === 'computed');
}

/** The fields the spec declares (User's email, name and roles count as declared). */
export function declaredFields(entity: Entity): Field[] {
  return entity.fields.filter((f) => !ENGINE_FIELDS.has(f.name));
}

/** The currency of a money field: its own, else the application's (section 1). */
export function currencyOf(model: AppModel, field: Field): string | undefined {
  return field.type.kind === 'money'
    ? (field.type.currency ?? model.properties.currency)
    : undefined;
}
