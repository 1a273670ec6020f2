import type { CatalogueEntry } from './catalogue/catalogue-entry.js';
import type { ErrorBody } from './catalogue/error-body.js';
import type { Call } from './calls/call.js';
import type { CallAccess } from './calls/call-access.js';
import type { Constant } from './constants.js';
import type { Entity } from './entity.js';
import type { Lifecycle } from './lifecycle.js';
import type { Permission, Role } from './permissions.js';
import type { ValidationRule } from './rules.js';
import type { Screen } from './screens.js';
import type { Section } from './sections.js';

/** Bumped whenever the model's shape changes in a way a consumer must notice. */
export const MODEL_VERSION = 1;

/** Section 1's optional properties. */
export interface AppProperties {
  audience?: string;
  language?: string;
  timeZone?: string;
  currency?: string;
}

/**
 * The application a specification describes: plain, serialisable data. The server and the web
 * app receive only this, never the Markdown.
 */
export interface AppModel {
  modelVersion: typeof MODEL_VERSION;
  /** The application's name: section 1's `- Name:`, else the H1 without `Specification:`. */
  name: string;
  /** The H1 as written, or empty when the document has none. */
  title: string;
  /** Section 1's first paragraph; empty when unspecified. */
  description: string;
  properties: AppProperties;
  sections: Section[];
  screens: Screen[];
  entities: Entity[];
  lifecycles: Lifecycle[];
  rules: ValidationRule[];
  roles: Role[];
  permissions: Permission[];
  calls: Call[];
  /** Section 7's `- Tokens:` and `- Origins:`; absent when it declares neither. */
  access?: CallAccess;
  catalogue: CatalogueEntry[];
  /** Section 8's `- Body:`, the shape of every error answer; absent: problem documents. */
  errorBody?: ErrorBody;
  constants: Constant[];
}
