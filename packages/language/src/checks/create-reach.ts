import {
  ANYONE,
  SIGNED_IN,
  apiCalls,
  isAddressProblem,
  pathAddress,
  type AppModel,
  type Screen,
  type Shape,
} from '@specrun/model';

/** Whether a screen of section 2 opens for a caller holding `role` (`anyone`, `signed-in` too). */
export function opensFor(screen: Screen, role: string): boolean {
  if (screen.who.includes(ANYONE) || screen.who.includes(role)) return true;
  if (role === ANYONE) return false;
  // Which roles a signed-in user holds is section 6's matter: a screen for any role may serve them.
  return screen.who.includes(SIGNED_IN) || role === SIGNED_IN;
}

/**
 * Where records of each entity can be made from the screens, worked out once for a model: its
 * create forms, the detail pages of the records it may refer to, the forms with a picker of it,
 * the forms that send a reference to it by value, and the references its nested create calls
 * fill from their path.
 */
export interface CreateReach {
  /** Form screens whose route addresses no record, by entity. */
  createForms: ReadonlyMap<string, Screen[]>;
  /** Detail screens, by entity. */
  details: ReadonlyMap<string, Screen[]>;
  /**
   * Forms of another entity that send a reference to this one by a value of it (conduit's tags,
   * typed on the article's form): the server makes what is missing for a caller who may create.
   */
  pickingForms: ReadonlyMap<string, Screen[]>;
  /**
   * Forms with a picker of this entity (a field referring to it), whose "Create …" makes one when
   * section 2 has no create form for it and the API creates it at a path of its own.
   */
  pickerForms: ReadonlyMap<string, Screen[]>;
  /** Entities a create call makes at a path of its own, under no parent. */
  createdAtOwnPath: ReadonlySet<string>;
  /** `Entity.field` of the references a create call nested under the parent takes from its path. */
  nested: ReadonlySet<string>;
}

/** The fields a payload shape carries by a field of the records they refer to (`tags.name`). */
function pickedFields(shape: Shape | undefined): string[] {
  if (shape?.kind !== 'object') return [];
  return shape.properties.flatMap(({ name, shape: inner }) =>
    inner.kind === 'field' && inner.pick !== undefined
      ? [inner.field ?? name]
      : pickedFields(inner),
  );
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Works out the CreateReach of a model, in one pass over its screens, calls and fields. */
export function createReach(model: AppModel): CreateReach {
  const createForms = new Map<string, Screen[]>();
  const details = new Map<string, Screen[]>();
  const forms = new Map<string, Screen[]>();
  for (const screen of model.screens) {
    if (!screen.entity) continue;
    if (screen.kind === 'detail') push(details, screen.entity, screen);
    if (screen.kind !== 'form') continue;
    push(forms, screen.entity, screen);
    if (!screen.route.includes(':')) push(createForms, screen.entity, screen);
  }
  const picked = new Set<string>();
  const nested = new Set<string>();
  const createdAtOwnPath = new Set<string>();
  for (const call of apiCalls(model)) {
    const { operation } = call;
    if (operation.kind !== 'create' && operation.kind !== 'update') continue;
    for (const f of pickedFields(call.payload)) picked.add(`${operation.entity}.${f}`);
    if (operation.kind !== 'create') continue;
    if (!call.path.includes(':')) createdAtOwnPath.add(operation.entity);
    const address = pathAddress(model, call);
    if (isAddressProblem(address) || address.parents.length !== 1) continue;
    nested.add(`${operation.entity}.${address.parents[0]!.via}`);
  }
  const pickingForms = new Map<string, Screen[]>();
  const pickerForms = new Map<string, Screen[]>();
  for (const owner of model.entities)
    for (const field of owner.fields) {
      const type = field.type;
      if (field.builtin || (type.kind !== 'reference' && type.kind !== 'list')) continue;
      const by = picked.has(`${owner.name}.${field.name}`) ? pickingForms : pickerForms;
      for (const form of forms.get(owner.name) ?? [])
        if (!form.fields || form.fields.includes(field.name)) push(by, type.entity, form);
    }
  return { createForms, details, pickingForms, pickerForms, createdAtOwnPath, nested };
}
