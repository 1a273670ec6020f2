import type { ApiCall, AppModel, Catalogue, EngineLimits, Entity } from '@specrun/model';
import type { PreparedModel } from '../app/prepared-app.js';
import { Components } from './components.js';

/** What building every part of the document shares: the model, its catalogue, the components. */
export interface DocumentContext {
  model: AppModel;
  /** Every call served, to find where a record can be read (a created record's Location). */
  calls: readonly ApiCall[];
  catalogue: Catalogue;
  /** Section 9's limits with the engine's defaults, worked out once with the model. */
  limits: EngineLimits;
  components: Components;
  /** The entity of that name; the model's checker guarantees calls name existing entities. */
  entity(name: string): Entity;
  /** The name of one of the engine's own schemas, kept clear of the entities' names. */
  engineSchema(name: string): string;
}

export function documentContext({
  model,
  calls,
  catalogue,
  limits,
}: PreparedModel): DocumentContext {
  const entities = new Map(model.entities.map((e) => [e.name, e]));
  return {
    model,
    calls,
    catalogue,
    limits,
    components: new Components(),
    entity(name) {
      const entity = entities.get(name);
      if (!entity) throw new Error(`The model has no entity ${name}`);
      return entity;
    },
    // Entities own the plain names (`Book`); an entity called `Problem` pushes the engine's aside.
    engineSchema: (name) => (entities.has(name) ? `Specrun.${name}` : name),
  };
}

/** Component names derived from an entity: a dot keeps them apart from any entity's name. */
export const schemaNames = {
  record: (entity: string) => entity,
  read: (entity: string) => `${entity}.Read`,
  included: (entity: string) => `${entity}.Included`,
  page: (entity: string) => `${entity}.Page`,
  create: (entity: string) => `${entity}.Create`,
  update: (entity: string) => `${entity}.Update`,
};
