import type { Entity, Screen } from '@specrun/model';
import { toWords } from '../names.js';

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The screens the engine serves when section 2 is unspecified: a home dashboard, and for each
 * entity the spec declares a list, a detail, a create form and an edit form.
 */
export function deriveScreens(entities: readonly Entity[]): Screen[] {
  const who = ['signed-in'];
  const screens: Screen[] = [{ route: '/', name: 'Home', kind: 'dashboard', who, derived: true }];
  for (const entity of entities.filter((e) => !e.builtin)) {
    const base = `/${entity.plural}`;
    const singular = toWords(entity.name);
    const on = { entity: entity.name, who: [...who], derived: true };
    screens.push(
      { route: base, name: sentence(entity.plural.replaceAll('-', ' ')), kind: 'list', ...on },
      { route: `${base}/new`, name: `New ${singular}`, kind: 'form', ...on },
      { route: `${base}/:id`, name: sentence(singular), kind: 'detail', ...on },
      { route: `${base}/:id/edit`, name: `Edit ${singular}`, kind: 'form', ...on },
    );
  }
  return screens;
}
