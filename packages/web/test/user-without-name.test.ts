import { apiCalls, findCall } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import { recordLabel } from '../src/model/record-label.js';
import { signUpOwnFields } from '../src/screens/auth/sign-up-fields.js';
import { example } from './examples.js';

// A User that redeclares its name as optional, with a declared sign-up that does not carry it.
const { model } = parseSpec(`# Specification: Writers

## 3. Entities and their fields

### User

| Field    | Type | Required | Default | Rules  |
| -------- | ---- | -------- | ------- | ------ |
| name     | text | no       |         |        |
| username | text | yes      |         | unique |

## 7. The calls it makes

| Method | Path       | Operation | Payload                                   | Response           |
| ------ | ---------- | --------- | ----------------------------------------- | ------------------ |
| POST   | /api/users | sign-up   | \`{ user: { username, email, password } }\` | \`{ user: User }\` |
| GET    | /api/user  | me        |                                           | \`{ user: User }\` |
`);
const user = model.entities.find((e) => e.name === 'User')!;

describe('a user without a name, in the web app', () => {
  it('is not asked for a name at sign-up when the call does not carry it', () => {
    const call = findCall(apiCalls(model), 'sign-up');
    expect(signUpOwnFields(model, call).map((f) => f.name)).toEqual(['email']);
    const helpdesk = example('helpdesk');
    const names = signUpOwnFields(helpdesk, findCall(apiCalls(helpdesk), 'sign-up'));
    expect(names.map((f) => f.name)).toEqual(['name', 'email']);
  });

  it('is shown by their username, else their email', () => {
    expect(recordLabel(model, user, { id: 'u1', name: null, username: 'ada' })).toBe('ada');
    expect(recordLabel(model, user, { id: 'u1', email: 'ada@x.test' })).toBe('ada@x.test');
    expect(recordLabel(model, user, { id: 'u1', name: 'Ada', username: 'ada' })).toBe('Ada');
  });
});
