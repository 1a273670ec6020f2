import type { Severity } from '@specrun/model';
import { EXPRESSION_CODES } from '../expressions/check-expressions.js';

/** What a diagnostic code means and how to fix it. */
export interface CodeInfo {
  severity: Severity;
  meaning: string;
  fix: string;
}

const e = (meaning: string, fix: string): CodeInfo => ({ severity: 'error', meaning, fix });
const w = (meaning: string, fix: string): CodeInfo => ({ severity: 'warning', meaning, fix });
const n = (meaning: string, fix: string): CodeInfo => ({ severity: 'note', meaning, fix });

const fromExpressions = Object.fromEntries(
  Object.entries(EXPRESSION_CODES).map(([code, meaning]) => [
    code,
    e(meaning, 'Correct the expression; the hint names what was expected.'),
  ]),
);

/** Every diagnostic code `parseSpec` can emit, by code. Codes are stable; messages are not. */
export const DIAGNOSTIC_CODES: Record<string, CodeInfo> = {
  ...fromExpressions,
  'missing-title': w(
    'The document has no H1, so the app is named "Untitled application".',
    'Start with `# Specification: <name>`.',
  ),
  'extra-title': w(
    'The document has more than one H1; only the first names the app.',
    'Make the other H1s H2 or H3 headings.',
  ),
  'unknown-section': e(
    'An H2 heading is not one of the nine sections.',
    'Use the section titles of the language, numbered 1 to 9.',
  ),
  'unnumbered-section': w(
    'A section heading has no number.',
    'Write `## 3. Entities and their fields`.',
  ),
  'misnumbered-section': e(
    'A section heading has the wrong number for its title.',
    'Use the number the language gives that section.',
  ),
  'section-title-differs': w(
    "A section title is close to, but not, the language's title.",
    'Write the title exactly as the language gives it.',
  ),
  'duplicate-section': e('A section appears twice.', 'Merge the two into one section.'),
  'section-out-of-order': e(
    'A section comes after a later one.',
    'Put the nine sections in order 1 to 9.',
  ),
  'missing-section': w(
    'One of the nine sections is missing; it is treated as unspecified.',
    'Add the section, or a sentence that it is not specified.',
  ),
  'empty-section': w(
    'A section heading has no content; the defaults apply.',
    'Write its content, or a sentence that it is not specified.',
  ),
  'unspecified-section': n(
    "A section says its matter is not shown; the engine's defaults apply.",
    'Nothing to fix; specify the section to replace the defaults.',
  ),
  'missing-table': w(
    'A section, entity or lifecycle has prose but no table, so it declares nothing.',
    'Add its table.',
  ),
  'orphan-table': w(
    'A table in section 3 or 4 is under no H3 heading and is ignored.',
    'Put `### EntityName` above it.',
  ),
  'unknown-column': w(
    'A table has a column it does not use (or one twice); the column is ignored.',
    'Rename the column as the language names it, or remove it.',
  ),
  'missing-column': e(
    'A table lacks a column it needs; the table is not read.',
    'Add the column the message names.',
  ),
  'empty-cell': e(
    'A cell that must have a value is empty; the row is skipped.',
    'Fill in the cell.',
  ),
  'unknown-property': w(
    'A `- Key: value` item is not a property of its section.',
    'Use Name, Audience, Language, Time zone, Currency (section 1), States, Initial (section 4) or Tokens, Origins (section 7).',
  ),
  'empty-property': w(
    'A property has no value and is ignored.',
    'Write its value after the colon.',
  ),
  'bad-property': e(
    'A Language or Time zone value is not valid.',
    'Write a language tag (`en`) or an IANA time zone (`Europe/Paris`).',
  ),
  'bad-currency': e(
    'A currency is not a three-letter code.',
    'Write a code such as `EUR` or `USD`.',
  ),
  'bad-route': e(
    'A route or path does not start with `/` or holds spaces.',
    'Write a path such as `/tickets/:id`.',
  ),
  'unknown-kind': e(
    "A screen's Kind is not one of the screen kinds.",
    'Write list, detail, form, dashboard, page, sign-in, sign-up, account or spec.',
  ),
  'missing-entity': e(
    'A list, detail or form screen names no entity.',
    'Write the entity in the Entity column.',
  ),
  'bad-shows': e(
    "A list's Shows cell is neither a filter in backticks nor `columns a, b`.",
    'Write `` `filter`; columns a, b ``.',
  ),
  'route-clash': e(
    'Two screens have routes that match the same paths.',
    'Give each screen its own route; a fixed segment such as `/new` is distinct from `:id`.',
  ),
  'duplicate-entity': e('An entity is declared twice.', 'Merge the two declarations.'),
  'entity-name-style': w(
    'An entity name is not PascalCase.',
    'Write it as the hint shows (`LineItem`).',
  ),
  'duplicate-field': e('A field is declared twice in one entity.', 'Remove one of the two rows.'),
  'field-name-style': w(
    'A field name is not camelCase.',
    'Write it as the hint shows (`dueDate`).',
  ),
  'redefines-builtin': e(
    "A field redefines a built-in field (id, createdAt, updatedAt, createdBy, version, or User's email, name, roles).",
    'Remove the row, or choose another name.',
  ),
  'reserved-field-name': e(
    'A field takes a name the API reserves (`actions`, the list of actions the caller may take on a record).',
    'Choose another name.',
  ),
  'unknown-type': e(
    "A field's Type is not a type of the language.",
    'Write one of the types; the hint suggests the nearest.',
  ),
  'bad-required': e(
    'A Required cell is not yes or no.',
    'Write yes, no, or leave it blank for no.',
  ),
  'unknown-rule': e(
    'An item of a Rules cell is not a field rule.',
    'Use unique, N..M chars, at least N, at most N, min N, max N, pattern, read-only, after today or computed.',
  ),
  'invalid-pattern': e(
    'A regular expression (a pattern rule, or one written in matches()) uses what the linear-time engine cannot run: a backreference, a lookaround, a \\u escape, or anything outside RE2 syntax.',
    'Rewrite it as the hint says; write characters themselves rather than \\u escapes.',
  ),
  'bad-rule': e(
    'A rule cannot hold: its bounds are reversed or negative, or its pattern is not a regular expression.',
    'Put the smaller bound first, or fix the pattern.',
  ),
  'rule-type-mismatch': e(
    "A rule does not apply to the field's type (chars on an integer, min on text...).",
    'Use chars and pattern on text, min and max on numbers, after today on dates.',
  ),
  'bad-number-format': e(
    'The format of a `numbered` field has no `{n}`, more than one, or a part that is not one of `{n}`, `{nnnn}`, `{yyyy}`, `{yy}`, `{mm}`, `{dd}`.',
    'Write `{n}` where the number goes: `numbered WEB-{n} per project`, `numbered INV-{yyyy}-{nnnn}`.',
  ),
  'bad-slug-source': e(
    'The field a `slug from` names is not a stored text field of the entity (or is the slug itself).',
    'Name a stored text field, such as `slug from title`.',
  ),
  'bad-rule-field': e(
    'A field named by `unique per`, `unique with` or `numbered … per` is the field itself, a list, a file or computed, or is named twice.',
    'Name other stored fields of the entity, such as a reference to the parent.',
  ),
  'conflicting-rules': e(
    'A `numbered` field also has a default or a computed value; the engine alone gives it its value.',
    'Remove the default or the computed value, or the numbering.',
  ),
  'bad-initial': e(
    'A data-dependent `Initial:` is not written as states with conditions in backticks, ending with `else` and a state.',
    'Write `- Initial: waitlisted when `condition`, else enrolled`, or one state.',
  ),
  'mixed-delete-trigger': e(
    'A validation rule runs on delete and on create or update: on delete there is only `old`, the record being deleted.',
    'Write the rule for delete on a row of its own, with `On: delete`.',
  ),
  'bad-default': e(
    "A literal default does not fit the field's type (or is given for a state).",
    "Write a value of the field's type, or a CEL expression in backticks.",
  ),
  'unknown-entity': e(
    'A name is used as an entity but no entity has it.',
    'Declare the entity in section 3, or correct the name.',
  ),
  'duplicate-state-field': e(
    'An entity has more than one field of type state.',
    'Keep one state field per entity.',
  ),
  'state-without-lifecycle': w(
    'An entity has a state field but section 4 gives it no lifecycle.',
    "Add the entity's lifecycle to section 4.",
  ),
  'duplicate-lifecycle': e('An entity has two lifecycles.', 'Merge them into one.'),
  'missing-states': w(
    'A lifecycle lists no states; they are taken from its transitions.',
    'Add `- States: a, b, c`.',
  ),
  'missing-initial': w(
    'A lifecycle has no initial state; its first state is used.',
    'Add `- Initial: a`.',
  ),
  'missing-state-field': e(
    'An entity has a lifecycle but no field of type state.',
    'Add a field such as `status | state` to the entity.',
  ),
  'unknown-state': e(
    'A transition (or Initial) names a state the lifecycle does not list.',
    'Add the state to `- States:`, or correct the name.',
  ),
  'unknown-role': e(
    'A role is used but not declared (and is not anyone or signed-in).',
    'Declare it in the roles table of section 6, or correct the name.',
  ),
  'unknown-field': e(
    'A field is named that the entity does not have.',
    'Declare the field in section 3, or correct the name.',
  ),
  'unknown-error-code': e(
    "An Error names a code that is not in the catalogue nor the engine's.",
    'Add the code to section 8, or correct it.',
  ),
  'duplicate-transition': e(
    'The same action leaves the same state twice for the same roles (Who).',
    'Merge the rows, give them different roles in Who, or rename one of the actions.',
  ),
  'system-with-roles': e(
    '`system` (an automatic transition) is written in Who beside roles.',
    'Write `system` alone in Who; give people a row of their own with another action name.',
  ),
  'automatic-action-shared': e(
    'An action taken automatically (`Who: system`) is also given to people on another row.',
    "Give the people's row its own action name, or make it `Who: system` too.",
  ),
  'automatic-without-when': e(
    'An automatic transition has no When, so it would move every record in its From states.',
    'Say when the system takes it, as a condition on the record and `now`.',
  ),
  'automatic-stays': e(
    'An automatic transition leads to a state it leaves from, so it would be taken at every tick.',
    'Move the record to another state.',
  ),
  'unreachable-state': w(
    'No path of transitions from the initial state reaches a state.',
    'Add a transition into it, or remove it.',
  ),
  'dead-end-state': n(
    'A reachable state has no transition out: a final state.',
    'Nothing to fix when the state is final.',
  ),
  'bad-assignment': e(
    'An item of a Sets cell is not `field = `expr``.',
    'Write resolvedAt = `now`.',
  ),
  'bad-effect': e(
    'An `- After <action>:` item is not one of the forms of an effect.',
    'Write create Entity with field = `value`, reference takes action, update reference with field = `value`, or first Entity e where `condition` by e.field takes action.',
  ),
  'effect-sets-state': e(
    "An effect assigns another record's state field, which only its transitions change.",
    'Write `… takes <action>` to move that record through its lifecycle.',
  ),
  'effect-misses-field': e(
    'An effect creates a record without a required field that has no default.',
    'Add `field = `value`` after `with`.',
  ),
  'expected-expression': e(
    'A When, Rule or Allowed cell is not one CEL expression in backticks.',
    'Write the expression in one pair of backticks.',
  ),
  'unknown-trigger': e(
    'An On cell names something other than create or update.',
    'Write create, update, or both.',
  ),
  'builtin-role': e(
    'The roles table declares anyone, signed-in or system, which are built in.',
    'Remove the row.',
  ),
  'duplicate-role': e('A role is declared twice.', 'Remove one of the two rows.'),
  'role-name-style': w(
    'A role name is not lowercase.',
    'Write it in lowercase, with hyphens between words.',
  ),
  'bad-sign-up': e('A Sign-up cell is not default, yes or no.', 'Write default, yes or no.'),
  'duplicate-default-role': e(
    'More than one role is the sign-up default.',
    'Keep one `default`; make the others yes or no.',
  ),
  'unknown-action': e(
    'A permission or call names an action that is neither CRUD nor a transition of the entity.',
    "Use read, create, update, delete, `*`, or a transition's action.",
  ),
  'missing-fields': w(
    'A permission that reads or writes records gives no fields, so it covers none.',
    'Write all, all except …, or the list of fields.',
  ),
  'bad-method': e(
    "A call's Method is not an HTTP method.",
    'Write GET, POST, PUT, PATCH or DELETE.',
  ),
  'unknown-operation': e(
    "A call's Operation is not one of the operations.",
    'Write list E, get E, create E, update E, delete E, transition E.action, add me to E.field, remove me from E.field, sign-up, sign-in, sign-out, me or update me.',
  ),
  'bad-path-parameter': e(
    "A path parameter cannot address a record: the last names no field unique on its own of the operation's entity, an earlier one no parent the entity refers to (or several), or a create's payload names the reference the path fills.",
    'Name the last parameter after `id` or a unique field (`:slug`), an earlier one after a unique field of the parent; leave the reference out of the payload.',
  ),
  'bad-member-field': e(
    '`add me to` or `remove me from` names a field that is not a `list of User`.',
    'Name a `list of User` field of the entity, such as `Article.favoritedBy`.',
  ),
  'bad-link-field': e(
    '`add me as` or `remove me as` names a field that is not a `→ User` unique with exactly one other reference of its entity.',
    "Name the link's `→ User` field for the caller, such as `Follow.follower`, and write `unique with follower` on the reference the path fills.",
  ),
  'bad-success-status': e(
    "A call's Status is not a success status its operation can answer: 201 is for a call that makes something, 204 for one that answers no Response.",
    'Write 200, 201 or 204 as the operation allows, or leave the Status empty.',
  ),
  'bad-tokens': e(
    "Section 7's `- Tokens:` does not name the token header.",
    'Write `- Tokens: `Authorization: Token`` (or `Bearer`).',
  ),
  'token-never-issued': w(
    'Section 7 declares `- Tokens:`, but no sign-in, sign-up or update me answers the field `token`, so no client can get one.',
    'Name `token` in a sign-in response: `{ user: User { email, token } }`.',
  ),
  'bad-origin': e(
    "An origin of section 7's `- Origins:` is not a scheme and host, or `*` is not alone.",
    'Write origins such as `https://app.example, http://localhost:4100`, or `*` alone.',
  ),
  'sign-up-misses-fields': e(
    "A declared sign-up's payload leaves out a field every account needs.",
    'Add email, password and the required User fields to the payload, or make them optional.',
  ),
  'bad-name-field': e(
    'The User redeclares its built-in `name` with another type, default or rules.',
    'Write `| name | text | no | | |`: only its Required may change.',
  ),
  'bad-shape': e(
    'A Payload or Response is not a shape.',
    'Write `Ticket`, `Ticket[]` or `{ ticket: { title, body? }, count }`.',
  ),
  'bad-named-shape': e(
    "A row of section 7's `Shape | Definition` table is not a PascalCase name with one entity or a projection of one.",
    'Write `| Profile | `User { username, bio }` |`.',
  ),
  'shape-name-taken': e(
    'A named shape has the name of an entity or of another named shape.',
    'Give the shape a name of its own.',
  ),
  'shape-cycle': e(
    'A named shape holds itself, directly or through other shapes.',
    'Render one of the references in the loop as its id or as a projection without it.',
  ),
  'bad-projection': e(
    'A projection renders as an object, or as one field, something that is not a reference to records of that entity; holds a count or an envelope; or a payload finds records by a field that is not unique.',
    'Name a `→ Entity` or `list of Entity` field (`author: Profile`, `tagList: tags.name`), and a unique field in a payload.',
  ),
  'duplicate-call': e(
    'Two calls have the same method and path pattern.',
    'Remove one of the two rows.',
  ),
  'where-not-on-list': e(
    'A `where` condition is written after an operation that is not a list.',
    'Write `where` only after list E, or remove it.',
  ),
  'bad-parameters-line': e(
    'A `Parameters of` line does not name one call in backticks, or no table follows it.',
    'Write Parameters of `GET /api/articles`: and a Parameter | Condition table under it.',
  ),
  'unknown-call': e(
    'A `Parameters of` line names a call section 7 does not declare.',
    'Name a call of the calls table by its method and path.',
  ),
  'parameters-not-list': e(
    'A `Parameters of` line names a call that is not a list.',
    'Declare parameters for list calls only.',
  ),
  'bad-parameter-name': e(
    'A declared parameter has no name, or a name a query string cannot carry as it is.',
    'Write letters, digits, `_`, `-` or `.`, such as `tag`.',
  ),
  'duplicate-parameter': e(
    'A parameter (or a paging word, or a whole table) is declared twice for one call.',
    'Keep one of them.',
  ),
  'unknown-paging-word': e(
    "A parameter's Condition is neither a CEL condition in backticks nor a paging word.",
    'Write a condition on `value` in backticks, or page size, rows to skip, cursor, sort or filter.',
  ),
  'condition-not-in-sql': e(
    "A list call's `where` or parameter condition cannot be compiled to SQL.",
    "Use the record's fields, its references' fields and `user`, without count().",
  ),
  'duplicate-error-code': e(
    'An error code is declared twice in the catalogue.',
    'Remove one of the two rows.',
  ),
  'error-code-style': w(
    'An error code is not UPPER_SNAKE.',
    'Write it as the hint shows (`TITLE_TOO_SHORT`).',
  ),
  'bad-error-key': e(
    'A Key of the catalogue is not one word.',
    'Write a word such as `token` (letters, digits, `_`, `-` or `.`).',
  ),
  'error-key-without-body': w(
    'A catalogue row has a Key but section 8 declares no error body, so nothing reads it.',
    'Add `- Body: `{ errors: { key: [message] } }`` to section 8, or empty the Key cell.',
  ),
  'bad-error-body': e(
    "Section 8's `- Body:` is not an error body.",
    'Write `{ errors: { key: [message] } }`: keys around `{ key: [message] }`.',
  ),
  'duplicate-error-body': e(
    'Section 8 declares the error body twice.',
    'Remove one of the two `- Body:` items.',
  ),
  'bad-status': e(
    'A Status is not an HTTP error status (400 to 599).',
    'Write a status such as 422 or 409.',
  ),
  'unknown-constant': e(
    'A message, or a text people read (a description, a page), names `{NAME}` but no constant has that name.',
    'Add the constant to section 9, or correct the name; `{field}` is always allowed.',
  ),
  'unused-error-code': n(
    'A catalogue code is named by no rule and no transition.',
    'Name it in an Error column, or remove it.',
  ),
  'duplicate-constant': e('A constant is set twice.', 'Remove one of the two rows.'),
  'constant-name-style': w(
    'A constant name is not UPPER_SNAKE.',
    'Write it as the hint shows (`MAX_OPEN_TICKETS`).',
  ),
  'limit-type-mismatch': e(
    'A row sets an engine limit to a value of another type (PAGE_SIZE to a duration...).',
    "Write a value of the limit's type.",
  ),
  'not-boolean': e(
    'A rule, guard, Allowed condition or list filter does not give true or false.',
    'Write a comparison or another boolean expression.',
  ),
  'value-type-mismatch': e(
    'A default, computed value or Set gives a value its field cannot hold (an instant for a date...).',
    "Give a value of the field's type: `today()` for a date, `now` for a datetime.",
  ),
  'unfilled-placeholder': w(
    'A rule names several fields (or none), so `{field}` in its message reads "the values".',
    'Write the fields into the message, or give the rule a code whose message has no `{field}`.',
  ),
  'form-field-not-settable': w(
    'A form lists a field that a role of its Who may not set on create (or on update, with `:id`).',
    'Let the role set the field in section 6, or take the field or the role off the screen.',
  ),
  'route-is-api-path': e(
    "A screen's route is served by the API (a GET call, /api…, /openapi.json, /docs): loading it gives JSON.",
    'Give the screen a route that no GET call of the API matches, outside /api.',
  ),
  'self-role-change': w(
    'A permission lets users change the `roles` of their own account, or lets a role anybody can hold change them.',
    'Leave roles out of the row (`all except roles`); let a role with Sign-up `no` manage roles.',
  ),
  'create-without-screen': w(
    "A permission lets a role create an entity, but no screen of section 2 lets them: no create form opens for the role, and no record's page, picker or form makes one. A row with `*` is held only to entities no screen lets anybody create.",
    'Add a form screen for the entity that the role may open, or take create out of the row.',
  ),
  'reference-never-created': w(
    'A reference (or list) points to an entity that no permission lets any role create and no effect creates, so it can never be filled in.',
    'Let a role create the entity in section 6 (with a form in section 2), or drop the reference.',
  ),
  'cannot-run-in-database': e(
    'A guard part or rule that counts records, or an Allowed condition, has a part the database cannot run.',
    'Count with fields, references, `user`, and `input` compared with == or !=.',
  ),
  'count-in-sets': e(
    'A Set counts records: Sets are worked out apart from the database, where count() cannot run.',
    'Count in the guard (When) instead, or in a computed field.',
  ),
  'list-item-field-on-server': e(
    "A macro over a `list of` references reads a field of its items (`t.name`) where the server works the expression out, with the list's ids only: map and filter always, and exists, all and exists_one in Sets, defaults, effects and parts that read `input` or cannot run in the database.",
    'Test the items with exists, all or exists_one in a rule, guard or computed value (run in the database), or count them; elsewhere use only the items themselves.',
  ),
  'list-filter-refused': e(
    "A list screen's filter counts records or follows a reference past its id, which its list call refuses.",
    "Filter on the record's own fields, the ids of its references and `user`.",
  ),
};
