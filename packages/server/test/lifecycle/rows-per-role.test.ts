import { parseSpec } from '@specrun/language';
import { expect, it } from 'vitest';
import { AppError, type Actor, type WireRecord } from '../../src/index.js';
import { userRecord } from '../../src/callers/user-record.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness } from './support/lifecycle-harness.js';
import { transitionsOnly } from './support/transitions-only.js';

// "A patient may cancel only with 24 hours' notice, reception at any time, giving a reason":
// two rows for the same action from the same state, with different Who, When, Sets and Error.
const CLINIC = `
# Specification: Clinic

## 1. What the product does and for whom

Books appointments.

## 2. Screens and routes

The screens are not specified.

## 3. Entities and their fields

### Appointment

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| startsAt | datetime | yes | | |
| patient | → User | yes | \`user.id\` | read-only |
| note | text | no | | read-only |
| status | state | | | |

## 4. States and transitions

### Appointment

- States: booked, cancelled
- Initial: booked

| From | Action | To | Who | When | Sets | Error |
|---|---|---|---|---|---|---|
| booked | cancel | cancelled | patient | \`record.patient == user.id && record.startsAt - now >= duration("24h")\` | note = \`"by the patient"\` | TOO_LATE |
| booked | cancel | cancelled | reception | \`size(input.reason) >= 3\` | note = \`input.reason\` | REASON_NEEDED |

## 5. Validation rules

The validation rules are not specified.

## 6. Roles and permissions

| Role | Description | Sign-up |
|---|---|---|
| patient | Books and cancels their own appointments | default |
| reception | Runs the front desk | no |

| Role | Entity | Actions | Allowed | Fields |
|---|---|---|---|---|
| patient, reception | Appointment | read, create, cancel | yes | all |

## 7. The calls it makes

The calls are not specified.

## 8. The error catalogue

| Code | Status | Message |
|---|---|---|
| TOO_LATE | 409 | Appointments can be cancelled up to 24 hours before they start. |
| REASON_NEEDED | 422 | Say why the appointment is cancelled. |

## 9. Business constants and limits

The constants are not specified.
`;

const parsed = parseSpec(CLINIC);
const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
if (!parsed.model || errors.length > 0) throw new Error(`clinic: ${errors[0]?.message}`);
const model = parsed.model;
const HOUR = 3_600_000;

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'several rows for one action, by role', (databases) => {
    const h = useLifecycleHarness(databases, model, {});
    const appointments = () => h.lifecycle('Appointment');
    const book = async (patient: Actor, hoursAhead: number) => {
      const startsAt = new Date(Date.now() + hoursAhead * HOUR).toISOString();
      return (await h.make('Appointment', patient, { startsAt })).id as string;
    };
    const cancel = (actor: Actor, id: string, input: unknown = {}) =>
      appointments().transition(h.lctx(actor), id, 'cancel', input);
    const offered = async (actor: Actor, id: string) =>
      transitionsOnly(await appointments().availableActions(h.lctx(actor), { id }));
    // The same decision made in place, as a list of records is answered when it can be.
    const offeredInPlace = async (actor: Actor, id: string) => {
      const local = appointments().localActions(actor);
      if (!local) return undefined;
      const reading = { canRead: () => true, fields: new Set<string>(), canTakeAction: () => true };
      const stored: WireRecord = await h.stored('Appointment', id);
      return transitionsOnly(local(stored, userRecord(actor), new Date(), reading));
    };

    it("takes the patient's row for a patient: allowed with notice, else its Error", async () => {
      const patient = await h.actor(['patient']);
      const early = await book(patient, 72);
      const late = await book(patient, 2);
      expect(await offered(patient, early)).toEqual(['cancel']);
      expect(await offered(patient, late)).toEqual([]);
      expect(await offeredInPlace(patient, late)).toEqual([]);
      // A reason does not help a patient: the reception's row is not theirs.
      expect(await refusal(cancel(patient, late, { reason: 'ill today' }))).toBe('TOO_LATE');
      expect(await h.historyCount('Appointment', late)).toBe(0);
      const cancelled = await cancel(patient, early);
      expect(cancelled).toMatchObject({ status: 'cancelled', note: 'by the patient' });
    });

    it("takes the reception's row for reception: at any time, with its Sets and Error", async () => {
      const patient = await h.actor(['patient']);
      const reception = await h.actor(['reception']);
      const late = await book(patient, 2);
      expect(await offered(reception, late)).toEqual(['cancel']);
      expect(await refusal(cancel(reception, late))).toBe('REASON_NEEDED');
      expect(await refusal(cancel(reception, late, { reason: 'no' }))).toBe('REASON_NEEDED');
      const cancelled = await cancel(reception, late, { reason: 'the doctor is ill' });
      expect(cancelled).toMatchObject({ status: 'cancelled', note: 'the doctor is ill' });
    });

    it('lets a caller with both roles through either row, answering the first Error', async () => {
      const both = await h.actor(['patient', 'reception']);
      const late = await book(both, 2);
      expect(await offered(both, late)).toEqual(['cancel']);
      expect(await refusal(cancel(both, late))).toBe('TOO_LATE');
      const cancelled = await cancel(both, late, { reason: 'moved away' });
      expect(cancelled).toMatchObject({ status: 'cancelled', note: 'moved away' });
    });

    it("refuses another patient's appointment with the patient's Error", async () => {
      const owner = await h.actor(['patient']);
      const other = await h.actor(['patient']);
      const early = await book(owner, 72);
      expect(await offered(other, early)).toEqual([]);
      expect(await refusal(cancel(other, early))).toBe('TOO_LATE');
    });
  });
}
