import { describe, expect, it } from 'vitest';
import { describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/**
 * A filter that reads a field the database works out pays for that field's expression on every
 * row: its budget counts the expression, so naming such a field many times is refused.
 */
const SPEC = specText('Topics', {
  1: `
Topics and the notes written on them.
`,
  3: `
### Topic

| Field  | Type    | Required | Default | Rules |
| ------ | ------- | -------- | ------- | ----- |
| title  | text    | yes      |         |       |
| urgent | integer | no       |         | computed \`count(Note, n, n.topic == record.id && n.text.contains("urgent"))\` |

### Note

| Field | Type    | Required | Default | Rules |
| ----- | ------- | -------- | ------- | ----- |
| topic | → Topic | yes      |         |       |
| text  | text    | yes      |         |       |
`,
  9: `
| Name                  | Value | Meaning                         |
| --------------------- | ----- | ------------------------------- |
| MAX_FILTER_NODES      | 30    | Parts of a list filter          |
| MAX_FILTER_STRING_OPS | 2     | String joins and searches       |
`,
});

describe('the cost of a filter reading computed values', () => {
  it('checks clean', () => {
    expect(parsed(SPEC)).toBeDefined();
  });
});

describeDialect('sqlite', 'a filter reading computed values', (databases) => {
  const h = useHttpHarness(databases, parsed(SPEC), {});
  const list = async (filter: string) => {
    const actor = await h.actor();
    const url = `${h.call('list', 'Topic')!.path}?filter=${encodeURIComponent(filter)}`;
    return h.send({ url, actor });
  };

  it('accepts a filter that reads the value once', async () => {
    const response = await list('record.urgent > 0');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('counts the value’s own parts and searches against the budget', async () => {
    const twice = await list('record.urgent > 0 && record.urgent < 9');
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'FILTER_TOO_COSTLY',
      detail: expect.stringMatching(/in the computed fields it reads.*MAX_FILTER_NODES/),
    });
  });
});
