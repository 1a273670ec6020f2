import { formatConstant, type AppModel } from '@specrun/model';

/**
 * The catalogue's message for a code (section 8 over the engine's defaults), with constants and
 * `{field}` filled in; undefined for a code the catalogue does not know.
 */
export function catalogueMessage(
  model: AppModel,
  code: string,
  params: Record<string, string> = {},
): string | undefined {
  // The model's catalogue holds the engine's codes too, with section 8's messages over them.
  const entry = model.catalogue.find((e) => e.code === code);
  if (!entry) return undefined;
  return entry.message.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    if (params[name] !== undefined) return params[name];
    const constant = model.constants.find((c) => c.name === name);
    if (constant) return formatConstant(constant);
    // As the server says it: a message about {field} said of no one field still reads.
    return name === 'field' ? 'the values' : whole;
  });
}
