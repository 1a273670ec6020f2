import { describe, it } from 'vitest';
import { at, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const CONSTANTS =
  '| Name | Value | Meaning |\n|---|---|---|\n| EMERGENCY_PHONE | 0800 123 456 | Out of hours |';
const SCREENS = (text: string) =>
  `| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|\n| / | Home | dashboard | | anyone | ${text} |`;
const ENTITY = (description: string) =>
  `### Visit\n\n${description}\n\n| Field | Type | Required |\n|---|---|---|\n| at | datetime | yes |`;

describe('checkTextConstants', () => {
  it('accepts a known constant in a page’s text and an entity’s description', () => {
    const md = spec({
      2: SCREENS('Call {EMERGENCY_PHONE} at any hour'),
      3: ENTITY('In an emergency call {EMERGENCY_PHONE}.'),
      9: CONSTANTS,
    });
    expectNoDiagnostic(md, 'unknown-constant');
  });

  it('errors at a misspelt constant in a dashboard’s text, with a suggestion', () => {
    const md = spec({ 2: SCREENS('Call {EMERGENCY_PHONES} at any hour'), 9: CONSTANTS });
    expectDiagnostic(md, 'unknown-constant', at(md, 'EMERGENCY_PHONES'));
  });

  it('errors at an unknown constant in an entity’s description', () => {
    const md = spec({ 3: ENTITY('Call {CLINIC_PHONE}.'), 9: CONSTANTS });
    expectDiagnostic(md, 'unknown-constant', at(md, 'CLINIC_PHONE'));
  });
});
