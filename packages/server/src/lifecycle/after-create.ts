import type { PreparedApp } from '../app/prepared-app.js';
import type { AfterCreate } from '../operations/prepared-entity.js';
import { prepareEffectStore, runEffects } from './run-effects.js';

/**
 * The `- After create:` effects of an entity as the create runs them: set on the prepared entity
 * once the application is prepared, so that the create (in operations/) calls into the lifecycle
 * without importing it. Undefined when the entity has none.
 */
export function afterCreateOf(app: PreparedApp, entity: string): AfterCreate | undefined {
  const effects = app.entities.get(entity)?.lifecycle?.effects.get('create');
  if (!effects?.length) return undefined;
  return {
    prepareStore: () => prepareEffectStore(app, effects),
    run: (db, ctx, record, input) =>
      runEffects(app, db, ctx, effects, { entity, action: 'create', record, old: null, input }),
  };
}
