import { expect, it } from 'vitest';
import { newId } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

const MESSAGE = 'We looked everywhere and found nothing.';

/** A spec whose section 8 gives NOT_FOUND a message of its own. */
const SPEC = specText('Notes', {
  1: `
Notes.
`,
  3: `
### Note

| Field  | Type  | Required | Default | Rules        |
| ------ | ----- | -------- | ------- | ------------ |
| text   | text  | yes      |         | 1..200 chars |
| status | state | yes      |         |              |
`,
  4: `
### Note

- States: draft, filed
- Initial: draft

| From  | Action | To    | Who | When | Sets |
| ----- | ------ | ----- | --- | ---- | ---- |
| draft | file   | filed |     |      |      |
`,
  8: `
| Code      | Status | Message    |
| --------- | ------ | ---------- |
| NOT_FOUND | 404    | ${MESSAGE} |
`,
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a NOT_FOUND message of section 8', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});

    it('is the detail of every answer that finds nothing', async () => {
      const missing = newId();
      const requests = [
        // A record that is not there, by every call on one record.
        { url: `/api/notes/${missing}` },
        { method: 'PATCH', url: `/api/notes/${missing}`, body: { text: 'x' } },
        { method: 'DELETE', url: `/api/notes/${missing}` },
        { method: 'POST', url: `/api/notes/${missing}/file`, body: {} },
        { url: `/api/notes/${missing}/history` },
        // An id no record can have, short and too long for the router.
        { url: '/api/notes/not!an!id' },
        { url: `/api/notes/${'x'.repeat(300)}` },
        // A path nothing serves.
        { url: '/api/nothing' },
        { method: 'POST', url: '/api/nothing', body: {} },
      ] as const;
      for (const request of requests) {
        const response = await h.send(request);
        const what = `${request.url.slice(0, 60)} ${'method' in request ? request.method : 'GET'}`;
        expect(response.statusCode, what).toBe(404);
        expect(response.json(), what).toMatchObject({ code: 'NOT_FOUND', detail: MESSAGE });
      }
    });
  });
}
