import type { EntityPlan, FieldPlan, SpecPlan } from './plan.js';

/** A cell as Markdown needs it: `|` written `\|`, as expressions with `||` need. */
const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|');

/** A GFM table from a header and rows. */
function table(header: string[], rows: (string | undefined)[][]): string {
  const line = (cells: (string | undefined)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const section = (n: number, title: string, body: string) => `## ${n}. ${title}\n\n${body}\n`;

const unspecified = (what: string) => `The ${what} are not specified.`;

function typeCell(field: FieldPlan): string {
  switch (field.kind) {
    case 'longText':
      return 'long text';
    case 'enum':
      return `one of ${field.values!.join(', ')}`;
    case 'reference':
      return `→ ${field.target}`;
    case 'list':
      return `list of ${field.target}`;
    default:
      return field.kind;
  }
}

function fieldsTable(fields: FieldPlan[]): string {
  return table(
    ['Field', 'Type', 'Required', 'Default', 'Rules'],
    fields.map((f) => [
      f.name,
      typeCell(f),
      f.required ? 'yes' : 'no',
      f.default,
      f.rules.join(', '),
    ]),
  );
}

function entities(plan: SpecPlan): string {
  const parts = plan.entities.map((e) => `### ${e.name}\n\n${fieldsTable(e.fields)}`);
  if (plan.userFields.length > 0) parts.unshift(`### User\n\n${fieldsTable(plan.userFields)}`);
  return parts.length > 0 ? parts.join('\n\n') : unspecified('entities');
}

function lifecycle(entity: EntityPlan): string {
  const life = entity.lifecycle!;
  const rows = life.rows.map((r) => [
    r.from.join(', '),
    r.action,
    r.to,
    r.who.join(', '),
    r.when && `\`${r.when}\``,
    r.sets.join(', '),
    r.error,
  ]);
  return [
    `### ${entity.name}`,
    `- States: ${life.states.join(', ')}\n- Initial: ${life.initial}`,
    table(['From', 'Action', 'To', 'Who', 'When', 'Sets', 'Error'], rows),
  ].join('\n\n');
}

/** The specification as a product owner would write it: nine sections, tables in each. */
export function renderSpec(plan: SpecPlan): string {
  const withLife = plan.entities.filter((e) => e.lifecycle);
  const currency = plan.currency ? `\n- Currency: ${plan.currency}` : '';
  const sections = [
    `# Specification: ${plan.title}\n`,
    section(
      1,
      'What the product does and for whom',
      `A generated application.\n\n- Name: ${plan.title}${currency}`,
    ),
    section(
      2,
      'Screens and routes',
      plan.screens
        ? table(
            ['Route', 'Screen', 'Kind', 'Entity', 'Who', 'Shows'],
            plan.screens.map((s) => [s.route, s.screen, s.kind, s.entity, s.who, s.shows]),
          )
        : unspecified('screens'),
    ),
    section(3, 'Entities and their fields', entities(plan)),
    section(
      4,
      'States and transitions',
      withLife.length > 0 ? withLife.map(lifecycle).join('\n\n') : unspecified('lifecycles'),
    ),
    section(
      5,
      'Validation rules',
      plan.rules.length > 0
        ? table(
            ['Entity', 'Rule', 'Error', 'On'],
            plan.rules.map((r) => [r.entity, r.rule, r.error, r.on]),
          )
        : unspecified('validation rules'),
    ),
    section(
      6,
      'Roles and permissions',
      plan.roles
        ? `${table(
            ['Role', 'Description', 'Sign-up'],
            plan.roles.map((r) => [r.name, 'People who do things', r.signUp]),
          )}\n\n${table(
            ['Role', 'Entity', 'Actions', 'Allowed', 'Fields'],
            plan.permissions.map((p) => [
              p.roles.join(', '),
              p.entity,
              p.actions.join(', '),
              p.allowed,
              p.fields,
            ]),
          )}`
        : unspecified('roles and permissions'),
    ),
    section(
      7,
      'The calls it makes',
      plan.calls
        ? table(
            ['Method', 'Path', 'Operation', 'Payload', 'Response'],
            plan.calls.map((c) => [c.method, c.path, c.operation, c.payload, c.response]),
          )
        : unspecified('calls'),
    ),
    section(
      8,
      'The error catalogue',
      plan.codes.length > 0
        ? table(
            ['Code', 'Status', 'Message'],
            plan.codes.map((c) => [c.code, String(c.status), c.message]),
          )
        : unspecified('error codes'),
    ),
    section(
      9,
      'Business constants and limits',
      plan.constants.length > 0
        ? table(
            ['Name', 'Value', 'Meaning'],
            plan.constants.map((c) => [c.name, c.value, 'A limit']),
          )
        : unspecified('constants'),
    ),
  ];
  return sections.join('\n');
}
