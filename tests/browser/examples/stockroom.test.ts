import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/serve-app.js';
import {
  apiWrites,
  box,
  fieldError,
  historyText,
  navigation,
  settled,
  signIn,
  stateOf,
  takeAction,
  visitor,
  type Visitor,
  showsText,
} from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/stockroom.spec.md';
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the stockroom, as its manager, a buyer, a clerk and a visitor', () => {
  let manager: Visitor;
  let buyer: Visitor;
  let orderUrl = '';

  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('max@shop.test', 'Max Manager', ['manager']);
    await served.addUser('bea@shop.test', 'Bea Buyer', ['buyer']);
    await served.addUser('ann@shop.test', 'Ann Admin', ['admin']);
  });

  it('asks a visitor to sign in, with no way to sign up', async () => {
    const v = await visitor(app.browser, app.served.url, 'stockroom-visitor');
    await v.open('/');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to see this page',
    );
    expect(await v.page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await v.check('home');
    await v.close();
  });

  it('lets the manager create a clerk’s account, roles and password included', async () => {
    manager = await visitor(app.browser, app.served.url, 'stockroom-manager');
    await signIn(manager, 'max@shop.test', PASSWORD, 'Max Manager');
    expect(await navigation(manager.page)).toEqual([
      'Products',
      'To reorder',
      'Suppliers',
      'Purchase orders',
      'Staff',
      'Specification',
      'Users',
    ]);
    await manager.check('overview');
    await manager.open('/staff/new');
    await manager.check('new-staff');
    await box(manager.page, 'Name').fill('Cal Clerk');
    await box(manager.page, 'Email').fill('cal@shop.test');
    await manager.page.getByRole('checkbox', { name: /^Clerk/ }).check();
    await box(manager.page, 'Password').fill(PASSWORD);
    await manager.page.getByRole('button', { name: 'Save', exact: true }).click();
    await manager.page.getByRole('heading', { level: 1, name: 'Staff', exact: true }).waitFor();
    await showsText(manager.page.locator('main'), 'cal@shop.test');
    await manager.check('staff');
  });

  it('lets the buyer add a supplier and a product, the SKU checked against its pattern', async () => {
    buyer = await visitor(app.browser, app.served.url, 'stockroom-buyer');
    await signIn(buyer, 'bea@shop.test', PASSWORD, 'Bea Buyer');
    await buyer.open('/suppliers/new');
    await box(buyer.page, 'Name').fill('Velo Parts Inc');
    await box(buyer.page, 'Contact email').fill('orders@velo.test');
    await buyer.check('new-supplier');
    await buyer.page.getByRole('button', { name: 'Save', exact: true }).click();
    await buyer.page.getByRole('heading', { level: 1, name: 'Velo Parts Inc' }).waitFor();
    await buyer.check('supplier');

    await buyer.open('/products/new');
    const writes = apiWrites(buyer.page);
    await box(buyer.page, 'Sku').fill('brake pads');
    await box(buyer.page, 'Name').fill('Brake pads');
    await box(buyer.page, 'Unit price').fill('12.00');
    await box(buyer.page, 'Weight kg').fill('0.125');
    await buyer.page.getByRole('combobox', { name: 'Supplier' }).click();
    await buyer.page.getByRole('option', { name: 'Velo Parts Inc' }).click();
    await buyer.page.getByRole('button', { name: 'Save', exact: true }).click();
    // The pattern of section 3, checked in the browser by the server's own check: nothing sent.
    // It is said in words, never as the regular expression, and only beside the field.
    expect(await fieldError(buyer.page, 'Sku')).toBe('Sku is not in the expected form.');
    expect(await buyer.page.getByRole('alert').count()).toBe(0);
    expect(writes).toEqual([]);
    await buyer.check('new-product-refused');
    await box(buyer.page, 'Sku').fill('BRK-0001');
    await buyer.page.getByRole('button', { name: 'Save', exact: true }).click();
    await buyer.page.getByRole('heading', { level: 1, name: 'Brake pads' }).waitFor();
    const text = (await buyer.page.locator('main').textContent()) ?? '';
    expect(text).toContain('€12.00');
    expect(text).toContain('0.125');
    await buyer.check('product');
  });

  it('lets the buyer order it in dollars and submit the order, but not approve their own', async () => {
    await buyer.open('/orders/new');
    await buyer.page.getByRole('combobox', { name: 'Supplier' }).click();
    await buyer.page.getByRole('option', { name: 'Velo Parts Inc' }).click();
    await buyer.page.getByRole('combobox', { name: 'Product' }).click();
    await buyer.page.getByRole('option', { name: 'Brake pads' }).click();
    await box(buyer.page, 'Quantity').fill('40');
    await box(buyer.page, 'Unit cost').fill('4.50');
    await buyer.page.getByLabel('Expected on').fill(inDays(10));
    await buyer.check('new-order');
    await buyer.page.getByRole('button', { name: 'Save', exact: true }).click();
    await buyer.page
      .getByRole('heading', { level: 1, name: 'Purchase order: Velo Parts Inc' })
      .waitFor();
    orderUrl = new URL(buyer.page.url()).pathname;
    expect(await stateOf(buyer.page)).toBe('Draft');
    await showsText(buyer.page.locator('main'), '$180.00');
    await takeAction(buyer.page, 'Submit');
    await buyer.page.getByText('Submit: done').waitFor();
    expect(await stateOf(buyer.page)).toBe('Submitted');
    expect(await buyer.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await buyer.page.locator('main').textContent()).toContain(
      'Approve is not possible now: You cannot approve your own order',
    );
    await buyer.check('order-submitted');
    await buyer.close();
  });

  it('lets the manager approve the order', async () => {
    await manager.open(orderUrl);
    await takeAction(manager.page, 'Approve');
    await manager.page.getByText('Approve: done').waitFor();
    expect(await stateOf(manager.page)).toBe('Approved');
    expect(await historyText(manager.page)).toMatch(/Submit.*by Bea Buyer.*Approve.*by You/);
    await manager.check('order-approved');
    await manager.close();
  });

  it('lets the clerk receive the delivery, refusing too many items first', async () => {
    const clerk = await visitor(app.browser, app.served.url, 'stockroom-clerk');
    await signIn(clerk, 'cal@shop.test', PASSWORD, 'Cal Clerk');
    await clerk.open('/suppliers');
    expect(await clerk.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await clerk.open(orderUrl);
    await takeAction(clerk.page, 'Receive', async (dialog) => {
      await dialog.getByRole('textbox', { name: 'Quantity' }).fill('60');
    });
    const dialog = clerk.page.getByRole('dialog');
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.textContent()).toContain(
      'More than the ordered quantity plus 5 cannot be received: send the rest back.',
    );
    await clerk.check('receive-refused');
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('40');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await clerk.page.getByText('Receive: done').waitFor();
    expect(await stateOf(clerk.page)).toBe('Received');
    // The entry shows what the action changed: the received quantity, from empty to 40.
    expect(await historyText(clerk.page)).toMatch(
      /Receive.*Approved → Received.*Received quantity:.*→ 40/,
    );
    await clerk.check('order-received');
    await clerk.close();
  });

  it('shows the admin the orders, but leaves staff accounts to the manager', async () => {
    const admin = await visitor(app.browser, app.served.url, 'stockroom-admin');
    await signIn(admin, 'ann@shop.test', PASSWORD, 'Ann Admin');
    expect(await navigation(admin.page)).toEqual([
      'Products',
      'Purchase orders',
      'Specification',
      'Users',
    ]);
    await admin.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Purchase orders' })
      .click();
    await admin.page.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor();
    await settled(admin.page);
    await showsText(admin.page.locator('main'), 'Received');
    await admin.check('orders');
    await admin.open('/staff');
    expect(await admin.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await admin.close();
  });
});
