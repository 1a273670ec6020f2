import { apiCalls, SECTION_DEFINITIONS, type AppModel, type SectionNumber } from '@specrun/model';
import { parseSpec } from '@specrun/language';

/** A model from specification text; refuses text with errors. */
export function parsed(text: string, name = 'spec'): AppModel {
  const { model, diagnostics } = parseSpec(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`${name} does not read: ${errors[0]?.message}`);
  return model;
}

/**
 * A specification's text from the bodies of the sections it specifies, by number; every other
 * section says it is not specified. Tests then show only what they are about.
 */
export function specText(title: string, bodies: Partial<Record<SectionNumber, string>>): string {
  const parts = [`# Specification: ${title}`, ''];
  for (const { number, title: heading } of SECTION_DEFINITIONS)
    parts.push(
      `## ${number}. ${heading}`,
      '',
      bodies[number]?.trim() ?? 'This is not specified.',
      '',
    );
  return parts.join('\n');
}

/** The path of the default call of this kind on this entity, its `:id` filled (or left empty). */
export function entityCallPath(model: AppModel, kind: string, entity: string, id = ''): string {
  const call = apiCalls(model).find(
    (c) => c.operation.kind === kind && 'entity' in c.operation && c.operation.entity === entity,
  );
  if (!call) throw new Error(`no ${kind} call on ${entity}`);
  return call.path.replace(':id', id);
}
