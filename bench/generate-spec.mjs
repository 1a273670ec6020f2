// Generates a large, valid specification: `entities` entities that use every section, for
// measuring how long reading and checking a real-sized document takes.

const TYPES = [
  'text',
  'long text',
  'integer',
  'decimal',
  'money',
  'boolean',
  'date',
  'datetime',
  'email',
  'url',
];

const pascal = (i) => `Item${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`;

function entity(i, fieldsPerEntity) {
  const name = pascal(i);
  const rows = ['| Field | Type | Required | Default | Rules |', '|---|---|---|---|---|'];
  rows.push('| title | text | yes | | 3..120 chars |');
  rows.push('| priority | one of low, normal, high | yes | normal | |');
  if (i > 0) rows.push(`| parent | → ${pascal(i - 1)} | no | | |`);
  rows.push('| owner | → User | yes | `user.id` | read-only |');
  for (let f = 0; rows.length - 2 < fieldsPerEntity - 1; f++) {
    rows.push(`| field${f} | ${TYPES[f % TYPES.length]} | no | | |`);
  }
  rows.push('| status | state | | | |');
  return [`### ${name}`, '', `The ${name} records of the benchmark.`, '', ...rows, ''];
}

function lifecycle(i) {
  const name = pascal(i);
  return [
    `### ${name}`,
    '',
    '- States: open, active, done, archived',
    '- Initial: open',
    '',
    '| From | Action | To | Who | When | Sets |',
    '|---|---|---|---|---|---|',
    `| open | start | active | worker | \`record.owner == user.id\` | |`,
    `| active | finish | done | worker | \`size(record.title) >= MIN_TITLE\` | |`,
    `| done | archive | archived | admin | | |`,
    `| active, done | reopen | open | worker, admin | \`record.priority != "low"\` | |`,
    '',
  ];
}

/** A specification of `entities` entities and about `entities * 100` lines. */
export function generateSpec(entities = 50, fieldsPerEntity = 70) {
  const lines = ['# Specification: Benchmark', '', '## 1. What the product does and for whom', ''];
  lines.push(
    'A generated application for measuring specrun.',
    '',
    '- Name: Benchmark',
    '- Currency: EUR',
    '',
  );
  lines.push(
    '## 2. Screens and routes',
    '',
    '| Route | Screen | Kind | Entity | Who | Shows |',
    '|---|---|---|---|---|---|',
  );
  lines.push('| / | Home | dashboard | | anyone | The benchmark |');
  for (let i = 0; i < entities; i++) {
    const plural = `/item-${i}`;
    lines.push(
      `| ${plural} | ${pascal(i)} list | list | ${pascal(i)} | signed-in | \`record.status != "archived"\`; columns title, priority, status |`,
    );
    lines.push(`| ${plural}/:id | ${pascal(i)} | detail | ${pascal(i)} | signed-in | |`);
  }
  lines.push('', '## 3. Entities and their fields', '');
  for (let i = 0; i < entities; i++) lines.push(...entity(i, fieldsPerEntity));
  lines.push('## 4. States and transitions', '');
  for (let i = 0; i < entities; i++) lines.push(...lifecycle(i));
  lines.push('## 5. Validation rules', '', '| Entity | Rule | Error | On |', '|---|---|---|---|');
  for (let i = 0; i < entities; i++) {
    lines.push(
      `| ${pascal(i)} | \`count(${pascal(i)}, r, r.owner == user.id && r.status == "open") < MAX_OPEN\` | TOO_MANY_OPEN | create |`,
    );
    lines.push(
      `| ${pascal(i)} | \`record.priority != "high" \\|\\| size(record.title) >= MIN_TITLE\` | TITLE_TOO_SHORT | create, update |`,
    );
  }
  lines.push(
    '',
    '## 6. Roles and permissions',
    '',
    '| Role | Description | Sign-up |',
    '|---|---|---|',
  );
  lines.push('| worker | Works on items | default |', '| admin | Manages everything | no |', '');
  lines.push('| Role | Entity | Actions | Allowed | Fields |', '|---|---|---|---|---|');
  for (let i = 0; i < entities; i++) {
    lines.push(`| worker | ${pascal(i)} | read | \`record.owner == user.id\` | all |`);
    lines.push(`| worker | ${pascal(i)} | create, update | yes | title, priority |`);
    lines.push(`| worker | ${pascal(i)} | start, finish, reopen | \`record.owner == user.id\` | |`);
  }
  lines.push('| admin | * | * | yes | all |', '');
  lines.push(
    '## 7. The calls it makes',
    '',
    'The calls are not specified: the default REST API serves them.',
    '',
  );
  lines.push('## 8. The error catalogue', '', '| Code | Status | Message |', '|---|---|---|');
  lines.push('| TOO_MANY_OPEN | 409 | You already have {MAX_OPEN} open items. |');
  lines.push(
    '| TITLE_TOO_SHORT | 422 | Important items need a title of {MIN_TITLE} characters. |',
    '',
  );
  lines.push(
    '## 9. Business constants and limits',
    '',
    '| Name | Value | Meaning |',
    '|---|---|---|',
  );
  lines.push(
    '| MAX_OPEN | 5 | Open items per person |',
    '| MIN_TITLE | 10 | Characters an important title needs |',
    '| PAGE_SIZE | 25 | Rows per page |',
  );
  return lines.join('\n') + '\n';
}
