/** What an expression refers to: entities (in count() and through fields), fields, constants. */
export type References = {
  entities: string[];
  fields: { entity: string; field: string }[];
  constants: string[];
};

/** Collects references without duplicates, in the order they appear. */
export class ReferenceCollector {
  private readonly entities = new Set<string>();
  private readonly fields = new Map<string, { entity: string; field: string }>();
  private readonly constants = new Set<string>();

  entity(name: string): void {
    this.entities.add(name);
  }

  field(entity: string, field: string): void {
    this.entities.add(entity);
    this.fields.set(`${entity}.${field}`, { entity, field });
  }

  constant(name: string): void {
    this.constants.add(name);
  }

  result(): References {
    return {
      entities: [...this.entities],
      fields: [...this.fields.values()],
      constants: [...this.constants],
    };
  }
}
