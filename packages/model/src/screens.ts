import type { Expression } from './expression.js';

export const SCREEN_KINDS = [
  'list',
  'detail',
  'form',
  'dashboard',
  'page',
  'sign-in',
  'sign-up',
  'account',
  'users',
  'spec',
] as const;

export type ScreenKind = (typeof SCREEN_KINDS)[number];

/** A screen of section 2, or one the engine derives when the section is unspecified. */
export interface Screen {
  route: string;
  name: string;
  kind: ScreenKind;
  entity?: string;
  /** Role names, `anyone` or `signed-in`. */
  who: string[];
  /** For lists: the optional CEL filter of the Shows cell. */
  filter?: Expression;
  /** For lists: the columns; for forms: the editable fields. */
  fields?: string[];
  /** For dashboards and pages: the Shows cell's text. */
  text?: string;
  /** True when the engine derived the screen because section 2 is unspecified. */
  derived: boolean;
  line?: number;
}
