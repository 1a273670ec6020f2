import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.js';
import { serveSpec, type ServedSpec } from './support/serve-spec.js';

// `{NAME}` in a text people read shows the constant's value as section 9 writes it.
const SPEC = `# Specification: Repairs

## 1. What the product does and for whom

Bike repairs, booked ahead. Call {EMERGENCY_PHONE} at any hour.

## 2. Screens and routes

| Route    | Screen | Kind      | Entity | Who    | Shows                                              |
| -------- | ------ | --------- | ------ | ------ | -------------------------------------------------- |
| /        | Home   | dashboard |        | anyone | Repairs from {MIN_FEE}                             |
| /help    | Help   | page      |        | anyone | Out of hours, call {EMERGENCY_PHONE}.              |
| /visits  | Visits | list      | Visit  | anyone | columns at                                         |

## 3. Entities and their fields

### Visit

A repair booked ahead: cancel at least {NOTICE} before it.

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| at    | date | yes      |         |       |

## 6. Roles and permissions

| Role   | Entity | Actions | Allowed | Fields |
| ------ | ------ | ------- | ------- | ------ |
| anyone | Visit  | read    | yes     | all    |

## 9. Business constants and limits

| Name            | Value        | Meaning                         |
| --------------- | ------------ | ------------------------------- |
| EMERGENCY_PHONE | 0800 123 456 | The number to call              |
| NOTICE          | 24h          | How early a visit is called off |
| MIN_FEE         | 25.00 EUR    | The least a repair costs        |
`;

describe('constants named in texts, in the browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-constants-'));
  let served: ServedSpec;
  let browser: Browser;
  let page: Page;
  const open = async (path: string, heading: string) => {
    await page.goto(`${served.url}${path}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    return (await page.locator('main').textContent()) ?? '';
  };

  beforeAll(async () => {
    const file = join(dir, 'repairs.spec.md');
    writeFileSync(file, SPEC);
    served = await serveSpec(file);
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a page’s text with the value of the constant it names', async () => {
    const text = await open('/help', 'Help');
    expect(text).toContain('Out of hours, call 0800 123 456.');
    expect(text).not.toContain('{EMERGENCY_PHONE}');
  });

  it('shows the product’s description and a dashboard’s text with their values', async () => {
    const text = await open('/', 'Repairs');
    expect(text).toContain('Call 0800 123 456 at any hour.');
    expect(text).toContain('Repairs from 25.00 EUR');
  });

  it('shows an entity’s description with the value of the constant it names', async () => {
    const text = await open('/visits', 'Visits');
    expect(text).toContain('cancel at least 24h before it.');
    expect(text).not.toContain('{NOTICE}');
  });
});
