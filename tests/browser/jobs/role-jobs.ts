import {
  ANYONE,
  isAutomatic,
  matchingRows,
  SIGNED_IN,
  type AppModel,
  type Permission,
} from '@specrun/model';

/** What a role does to an entity's records: the four writes and reads, or a lifecycle action. */
export type JobKind = 'create' | 'read' | 'update' | 'delete' | 'action';

/** One job section 6 gives a role: `create Ticket`, `action Ticket.resolve`. */
export interface Job {
  entity: string;
  kind: JobKind;
  /** The lifecycle action, for kind `action`. */
  action?: string;
  /** The section 6 line that states it. */
  line: number;
}

/** How a job reads in a failure: `create Ticket`, `resolve Ticket`. */
export const jobName = (job: Job): string => `${job.action ?? job.kind} ${job.entity}`;

const WRITES = ['create', 'read', 'update', 'delete'] as const;

/**
 * Accounts are made by sign-up, `specrun users` and the users' screen, which its own browser test
 * walks; as `specrun check`'s create-without-screen does, the walker leaves User out.
 */
const USER = 'User';

/**
 * The rows that state jobs for a role: its own, signed-in's and anyone's, naming the entity. A
 * wildcard entity (`admin | * | *`) grants powers rather than naming jobs (decisions.md, "A
 * permitted job has no screen"): what such a row lets the UI offer is still walked and must
 * succeed, but no screen is owed for it. Rows the engine derived (line 0) state none either.
 */
function jobRows(model: AppModel, role: string): Permission[] {
  const roles = [ANYONE, SIGNED_IN, role];
  return model.permissions.filter(
    (row) =>
      roles.includes(row.role) &&
      row.entity !== '*' &&
      row.entity !== USER &&
      row.allowed.kind !== 'no' &&
      row.line > 0,
  );
}

/**
 * The jobs section 6 gives a role, in the order of the entities: the writes a row naming the
 * entity allows (a `no` row of the role taking precedence, as the server decides), and the
 * lifecycle actions of rows whose Who names the role and that such a row allows.
 */
export function roleJobs(model: AppModel, role: string): Job[] {
  const rows = jobRows(model, role);
  const callerRoles = [ANYONE, SIGNED_IN, role];
  const jobs: Job[] = [];
  for (const entity of model.entities) {
    // A create is a job only where the row names it, as `specrun check` holds it: `manager |
    // PurchaseOrder | *` lets the manager create orders, but section 2 gives the form to buyers.
    const stating = (action: string) =>
      rows.find(
        (row) =>
          row.entity === entity.name &&
          row.actions.some((a) => a === action || (a === '*' && action !== 'create')) &&
          matchingRows(model.permissions, callerRoles, entity.name, action).length > 0,
      );
    for (const kind of WRITES) {
      const row = stating(kind);
      if (row) jobs.push({ entity: entity.name, kind, line: row.line });
    }
    const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
    const actions = new Set(
      (lifecycle?.transitions ?? [])
        .filter((t) => !isAutomatic(t) && t.who.some((w) => callerRoles.includes(w)))
        .map((t) => t.action),
    );
    for (const action of actions) {
      const row = stating(action);
      if (row) jobs.push({ entity: entity.name, kind: 'action', action, line: row.line });
    }
  }
  return jobs;
}
