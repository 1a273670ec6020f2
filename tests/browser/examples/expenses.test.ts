import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as.js';
import { PASSWORD } from '../support/serve-app.js';
import {
  box,
  fieldError,
  historyText,
  navigation,
  signIn,
  stateOf,
  takeAction,
  visitor,
  type Visitor,
} from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/expenses.spec.md';
// A one-pixel PNG: a receipt as small as a receipt can be.
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('expenses, as an employee, their manager, finance and a visitor', () => {
  let employee: Visitor;
  let claimUrl = '';

  const app = useServedApp(SPEC, async (served) => {
    const manager = await served.addUser('mia@corp.test', 'Mia Manager', ['manager']);
    const eve = await served.addUser('eve@corp.test', 'Eve Employee', ['employee']);
    await served.addUser('fin@corp.test', 'Finn Finance', ['finance']);
    await served.addUser('ada@corp.test', 'Ada Admin', ['admin']);
    // Who manages whom, and where to pay: set by an admin, as no screen of the spec does it.
    const admin = await apiAs(served.url, 'ada@corp.test');
    await admin('PATCH', `/api/users/${eve}`, { manager, iban: 'FR7630006000011234567890189' });
  });

  it('asks a visitor to sign in, and offers no sign-up (accounts are made by the company)', async () => {
    const v = await visitor(app.browser, app.served.url, 'expenses-visitor');
    await v.open('/');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to see this page',
    );
    expect(await v.page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await v.check('home');
    await v.open('/sign-up');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page does not exist',
    );
    await v.close();
  });

  it('lets an employee claim an expense, refusing a date in the future with the catalogue’s words', async () => {
    employee = await visitor(app.browser, app.served.url, 'expenses-employee');
    await signIn(employee, 'eve@corp.test', PASSWORD, 'Eve Employee');
    expect(await navigation(employee.page)).toEqual(['My claims']);
    await employee.page.getByRole('heading', { name: 'No claims yet' }).waitFor();
    await employee.check('my-claims-empty');
    await employee.page.getByRole('link', { name: 'New claim' }).first().click();
    await box(employee.page, 'Title').waitFor();
    await employee.check('new-claim');
    await box(employee.page, 'Title').fill('Train to Lyon');
    await box(employee.page, 'Amount').fill('120.50');
    await employee.page.getByLabel('Spent on').fill(dayFromToday(3));
    await employee.page.getByRole('combobox', { name: 'Category' }).selectOption('travel');
    await employee.page.getByRole('button', { name: 'Save', exact: true }).click();
    // Section 5's rule names one field: its message is shown at that field, and only there.
    expect(await fieldError(employee.page, 'Spent on')).toBe(
      'The spending date cannot be in the future.',
    );
    expect(await employee.page.getByRole('alert').count()).toBe(0);
    await employee.check('new-claim-refused');
    await employee.page.getByLabel('Spent on').fill(dayFromToday(-1));
    await employee.page.getByRole('button', { name: 'Save', exact: true }).click();
    await employee.page.getByRole('heading', { level: 1, name: 'Train to Lyon' }).waitFor();
    claimUrl = new URL(employee.page.url()).pathname;
    expect(await stateOf(employee.page)).toBe('Draft');
    expect(await employee.page.locator('main').textContent()).toContain('€120.50');
    await employee.check('claim-draft');
  });

  it('says why a large claim without a receipt cannot be submitted, then submits it with one', async () => {
    // The guard does not hold: Submit is not offered, and the catalogue's message says why.
    expect(await employee.page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await employee.page.locator('main').textContent()).toContain(
      'Submit is not possible now: Claims over 25.00 EUR need a receipt.',
    );
    await employee.page.getByRole('link', { name: 'Edit claim' }).click();
    await employee.page
      .getByLabel('Receipt')
      .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: RECEIPT });
    await employee.page.getByText('ticket.png').waitFor();
    await employee.page.getByRole('button', { name: 'Save changes' }).click();
    await employee.page.getByRole('heading', { level: 1, name: 'Train to Lyon' }).waitFor();
    // The receipt shows once the saved claim is read back: wait for it, then there is one.
    await employee.page.getByRole('img', { name: 'receipt' }).waitFor();
    expect(await employee.page.getByRole('img', { name: 'receipt' }).count()).toBe(1);
    // Both the image and the download link are the file's own address, never a data URL.
    const link = employee.page.getByRole('link', { name: /^ticket\.png/ });
    expect(await link.getAttribute('href')).toMatch(/^\/api\/_files\/Claim\/[^/]+\/receipt$/);
    const image = employee.page.getByRole('img', { name: 'receipt' });
    expect(await image.getAttribute('src')).toBe(await link.getAttribute('href'));
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await takeAction(employee.page, 'Submit');
    await employee.page.getByText('Submit: done').waitFor();
    expect(await stateOf(employee.page)).toBe('Submitted');
    expect(await historyText(employee.page)).toMatch(/Submit.*Draft → Submitted.*by You/);
    await employee.check('claim-submitted');
  });

  it('keeps the approvals away from the employee', async () => {
    await employee.open('/approvals');
    expect(await employee.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await employee.check('approvals-forbidden');
    await employee.close();
  });

  it('brings the manager to the claims to approve, and lets them approve it', async () => {
    const manager = await visitor(app.browser, app.served.url, 'expenses-manager');
    await signIn(manager, 'mia@corp.test', PASSWORD, 'Mia Manager');
    await manager.page.getByRole('heading', { level: 1, name: 'To approve' }).waitFor();
    expect(await navigation(manager.page)).toEqual(['To approve']);
    await manager.check('to-approve');
    await manager.page.getByRole('link', { name: 'Train to Lyon' }).click();
    await manager.page.getByRole('heading', { level: 1, name: 'Train to Lyon' }).waitFor();
    expect(await manager.page.getByRole('button', { name: 'Reject' }).count()).toBe(1);
    await takeAction(manager.page, 'Approve');
    await manager.page.getByText('Approve: done').waitFor();
    expect(await stateOf(manager.page)).toBe('Approved');
    expect(await historyText(manager.page)).toMatch(/Approve.*Submitted → Approved.*by You/);
    await manager.check('claim-approved');
    await manager.close();
  });

  it('lets finance pay the approved claim, the whole story in its history', async () => {
    const finance = await visitor(app.browser, app.served.url, 'expenses-finance');
    await signIn(finance, 'fin@corp.test', PASSWORD, 'Finn Finance');
    await finance.page.getByRole('heading', { level: 1, name: 'To pay' }).waitFor();
    await finance.check('to-pay');
    await finance.open(claimUrl);
    await takeAction(finance.page, 'Pay');
    await finance.page.getByText('Pay: done').waitFor();
    expect(await stateOf(finance.page)).toBe('Paid');
    const history = await historyText(finance.page);
    expect(history).toMatch(/Submit.*Approve.*Pay/);
    expect(history).toContain('Eve Employee');
    await finance.check('claim-paid');
    // Finance pays; approving is the managers': no such screen for them.
    await finance.open('/approvals');
    expect(await finance.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await finance.close();
  });

  it('shows the admin every claim, though no list of section 2 is theirs', async () => {
    const admin = await visitor(app.browser, app.served.url, 'expenses-admin');
    await signIn(admin, 'ada@corp.test', PASSWORD, 'Ada Admin');
    // My claims is the employees' home: an admin goes on to the only screen theirs, the users.
    expect(await navigation(admin.page)).toEqual(['Users']);
    await admin.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await admin.check('home-users');
    await admin.open(claimUrl);
    expect(await stateOf(admin.page)).toBe('Paid');
    expect(await historyText(admin.page)).toMatch(/Submit.*by Eve Employee.*Pay.*by Finn Finance/);
    await admin.check('claim');
    await admin.close();
  });
});
