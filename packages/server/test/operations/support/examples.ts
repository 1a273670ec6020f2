import type { AppModel } from '@specrun/model';
import { expensesCases, helpdeskCases } from './cases-shared.js';
import { libraryCases } from './cases-library.js';
import { stockroomCases } from './cases-stockroom.js';
import { workshopsCases } from './cases-workshops.js';
import type { ExampleCases } from './example-cases.js';
import { EXAMPLE_MODELS } from './example-models.js';

/** Every example with its model and its cases. */
export const EXAMPLES: ({ name: string; model: AppModel } & ExampleCases)[] = [
  { name: 'helpdesk', model: EXAMPLE_MODELS.helpdesk!, ...helpdeskCases },
  { name: 'expenses', model: EXAMPLE_MODELS.expenses!, ...expensesCases },
  { name: 'library', model: EXAMPLE_MODELS.library!, ...libraryCases },
  { name: 'stockroom', model: EXAMPLE_MODELS.stockroom!, ...stockroomCases },
  { name: 'workshops', model: EXAMPLE_MODELS.workshops!, ...workshopsCases },
  { name: 'unspecified', model: EXAMPLE_MODELS.unspecified!, overrides: {}, rules: [] },
];
