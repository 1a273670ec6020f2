import {
  rowMatches,
  selectedFields,
  settableFields,
  type AppModel,
  type Entity,
  type Permission,
  type Screen,
} from '@specrun/model';
import type { ReadContext } from '../read-context.js';
import { createReach, opensFor, type CreateReach } from './create-reach.js';

/**
 * Accounts are made by sign-up, by `specrun users` and by the users' admin area, whatever
 * section 2 lists: neither check speaks of User.
 */
const USER = 'User';

/**
 * Whether a record's page lets the row's role add the entity in place, as the web app offers for
 * the records that refer to the page's record (a ticket's comments): only when section 2 has no
 * create form for the entity at all, and the reference is the role's to set or its create call
 * takes it from the path.
 */
function addedInPlace(reach: CreateReach, row: Permission, entity: Entity): boolean {
  if (reach.createForms.has(entity.name)) return false;
  const settable = selectedFields(row.fields, settableFields(entity));
  return entity.fields.some((f) => {
    if (f.type.kind !== 'reference' || f.builtin) return false;
    if (!settable.has(f.name) && !reach.nested.has(`${entity.name}.${f.name}`)) return false;
    return (reach.details.get(f.type.entity) ?? []).some((s) => opensFor(s, row.role));
  });
}

/**
 * Whether a screen lets the row's role create the entity: a create form they may open, a record's
 * page adding it in place, a form sending a reference to it by value, or, when section 2 has no
 * create form for it, the "Create …" of a picker on a form they may open.
 */
function reachedBy(reach: CreateReach, row: Permission, entity: Entity): boolean {
  const opens = (screens: readonly Screen[] = []) => screens.some((s) => opensFor(s, row.role));
  const formless = !reach.createForms.has(entity.name);
  return (
    opens(reach.createForms.get(entity.name)) ||
    addedInPlace(reach, row, entity) ||
    opens(reach.pickingForms.get(entity.name)) ||
    (formless &&
      reach.createdAtOwnPath.has(entity.name) &&
      opens(reach.pickerForms.get(entity.name)))
  );
}

/**
 * Whether a row of section 6 lets its role create the entity: it names the entity and create,
 * and no `no` row of the same role takes create of that entity away (`admin | * | * | yes` beside
 * `admin | Tenancy | create | no` lets admins create everything but tenancies).
 */
function allowsCreate(model: AppModel, row: Permission, entity: string): boolean {
  if (row.allowed.kind === 'no' || !rowMatches(row, entity, 'create')) return false;
  return !model.permissions.some(
    (other) =>
      other.role === row.role && other.allowed.kind === 'no' && rowMatches(other, entity, 'create'),
  );
}

/** The rows that allow creating something, each with the entities it covers (User aside). */
function createRows(model: AppModel): [Permission, Entity[]][] {
  return model.permissions.flatMap((row): [Permission, Entity[]][] => {
    if (row.line === 0) return [];
    const covered = model.entities.filter(
      (e) => e.name !== USER && allowsCreate(model, row, e.name),
    );
    return covered.length > 0 ? [[row, covered]] : [];
  });
}

/**
 * Warns at each row of section 6 whose create job no screen of section 2 lets its role do. A row
 * naming the entity and `create` states a job, held for its role; a wildcard (`*` entity or
 * actions) grants powers, so it is held only to entities no screen lets anybody create.
 */
function checkCreateRows(model: AppModel, ctx: ReadContext): void {
  const reach = createReach(model);
  const rows = createRows(model);
  const made = new Set<string>();
  for (const [row, entities] of rows)
    for (const e of entities) if (reachedBy(reach, row, e)) made.add(e.name);
  for (const [row, entities] of rows) {
    const wildcard = row.entity === '*' || !row.actions.includes('create');
    const missing = entities
      .filter((e) => (wildcard ? !made.has(e.name) : !reachedBy(reach, row, e)))
      .map((e) => `\`${e.name}\``);
    if (missing.length === 0) continue;
    const index = row.actions.findIndex((a) => a === 'create' || a === '*');
    ctx.bag.warning(
      'create-without-screen',
      ctx.where.at(row, index >= 0 ? `actions.${index}` : 'entity'),
      `${row.role} may create ${missing.join(', ')}, but no screen lets them: no create form opens for ${row.role}, and no record's page or picker makes one.`,
      `add a form screen (\`/<plural>/new\`) that ${row.role} may open, or take create out of this row`,
    );
  }
}

/** The entities some row lets a role create, or some effect creates; User always. */
function creatable(model: AppModel): Set<string> {
  const made = new Set<string>([USER]);
  for (const row of model.permissions)
    for (const entity of model.entities)
      if (allowsCreate(model, row, entity.name)) made.add(entity.name);
  for (const lifecycle of model.lifecycles)
    for (const effect of lifecycle.effects ?? [])
      if (effect.kind === 'create') made.add(effect.entity);
  return made;
}

/**
 * Warns where a job section 6 permits cannot be done: a row letting a role create an entity that
 * no screen lets them create (when section 2 is specified); a reference to an entity nobody may
 * create, which can never be filled in. The screens are indexed once; each row then asks of each
 * entity a few lookups.
 */
export function checkJobsHaveScreens(model: AppModel, ctx: ReadContext): void {
  if (model.sections.some((s) => s.key === 'screens' && s.status === 'specified'))
    checkCreateRows(model, ctx);
  const made = creatable(model);
  const known = new Set(model.entities.map((e) => e.name));
  for (const entity of model.entities)
    for (const field of entity.fields) {
      const type = field.type;
      if (field.builtin || (type.kind !== 'reference' && type.kind !== 'list')) continue;
      if (made.has(type.entity) || !known.has(type.entity)) continue;
      ctx.bag.warning(
        'reference-never-created',
        ctx.where.at(field, 'type'),
        `\`${entity.name}.${field.name}\` refers to \`${type.entity}\`, which nobody can create: no row of section 6 lets a role create one and no effect does.`,
        `let a role create ${type.entity} in section 6 (and give it a form), or drop the reference`,
      );
    }
}
