import type { LifecycleScenario } from './scenario.js';
import { stockroomScenario, workshopsScenario } from './scenarios-examples.js';
import { hiringScenario } from './scenarios-hiring.js';
import { libraryScenario } from './scenarios-library.js';
import { courtsScenario, projectsScenario, requisitionsScenario } from './scenarios-owners.js';
import { expensesScenario, helpdeskScenario } from './scenarios-shared.js';
import { vetclinicScenario } from './scenarios-vetclinic.js';
import { waterlabScenario } from './scenarios-waterlab.js';

/** Every example with a lifecycle, shared and the project's. */
export const SCENARIOS: LifecycleScenario[] = [
  helpdeskScenario,
  expensesScenario,
  libraryScenario,
  stockroomScenario,
  workshopsScenario,
  courtsScenario,
  requisitionsScenario,
  projectsScenario,
  vetclinicScenario,
  hiringScenario,
  waterlabScenario,
];
