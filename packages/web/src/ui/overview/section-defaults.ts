import type { AppModel, SectionKey } from '@specrun/model';

/**
 * What the engine does while a section is not specified: the language's defaults, stated so
 * that nobody mistakes them for the product's own behaviour.
 */
export function sectionDefault(key: SectionKey, model: AppModel): string {
  const pageSize = model.constants.find((c) => c.name === 'PAGE_SIZE')?.value;
  switch (key) {
    case 'product':
      return 'The application is named after the title of its specification.';
    case 'screens':
      return 'A home page, and for each entity a list, a detail page, a create form and an edit form.';
    case 'entities':
      return 'No records are kept apart from user accounts.';
    case 'lifecycles':
      return 'Records have no states: they are created, edited and deleted.';
    case 'validation':
      return 'Only the types and rules of each field are checked.';
    case 'permissions':
      return 'One role, admin, given to the first account created. Nobody else can sign up.';
    case 'calls':
      return 'A REST API under /api for every entity, plus the sign-in calls.';
    case 'errors':
      return "specrun's own error codes and messages are used.";
    case 'constants':
      return pageSize?.kind === 'number'
        ? `specrun's default limits apply, such as ${pageSize.value} rows per page.`
        : "specrun's default limits apply.";
  }
}
