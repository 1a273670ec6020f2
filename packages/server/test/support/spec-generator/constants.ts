import type { GenContext } from './context.js';
import type { CodePlan, ConstantPlan } from './plan.js';

/** Section 9: some constants of each kind, and sometimes an engine limit set. */
export function drawConstants(ctx: GenContext): ConstantPlan[] {
  const { draw } = ctx;
  const all: ConstantPlan[] = [
    { name: 'MAX_ITEMS', value: String(draw.int(1, 5)) },
    { name: 'REOPEN_WINDOW', value: draw.pick(['72h', '30d', '15m']) },
    { name: 'MAX_AMOUNT', value: `${draw.pick(['500.00', '25.50'])} ${ctx.currency}` },
    { name: 'RENEWALS_ENABLED', value: draw.pick(['true', 'false']) },
    { name: 'HELP_EMAIL', value: 'desk@example.com' },
    { name: 'PAGE_SIZE', value: String(draw.int(1, 25)) },
  ];
  return draw.some(all);
}

const STATUSES = [409, 422, 403];

/** Section 8: the codes the rules and rows name, and sometimes an engine code's message. */
export function drawCatalogue(ctx: GenContext): CodePlan[] {
  const { draw } = ctx;
  const limited = ctx.constants.some((c) => c.name === 'MAX_ITEMS');
  const messages = ['That cannot be done now.', limited ? 'At most {MAX_ITEMS}.' : 'Too many.'];
  const codes: CodePlan[] = [...ctx.codes].map((code) => ({
    code,
    status: draw.pick(STATUSES),
    message: draw.pick(messages),
  }));
  // Forgetting a code is the somewhat-wrong draw's mistake here.
  if (codes.length > 0 && draw.chance(ctx.wrong)) codes.pop();
  if (draw.chance(0.3)) codes.push({ code: 'NOT_FOUND', status: 404, message: 'Nothing here.' });
  return codes;
}
