import type { Actor } from '@specrun/server';
import type { Overrides } from '../../../packages/server/test/operations/support/harness.js';
import { EXAMPLES } from '../../../packages/server/test/operations/support/examples.js';
import {
  lifecycleHarnessOn,
  type LifecycleHarness,
} from '../../../packages/server/test/lifecycle/support/lifecycle-harness.js';
import type {
  LifecycleScenario,
  World,
} from '../../../packages/server/test/lifecycle/support/scenario.js';
import { SCENARIOS } from '../../../packages/server/test/lifecycle/support/scenarios.js';
import type { ServedApp } from '../support/serve-app.js';
import { roleJobs, type Job } from './role-jobs.js';

/** One person the walker signs in as: an account with one role, and that role's jobs. */
export interface Walker {
  role: string;
  email: string;
  name: string;
  actor: Actor;
  jobs: Job[];
}

/** One example served for the walk: its accounts, and the server tests' way to make records. */
export interface ExampleWorld {
  example: string;
  served: ServedApp;
  /** The server tests' harness on the served database: valid records, states reached. */
  h: LifecycleHarness;
  /** The example's lifecycle scenario (who creates what, each row's input), when it has one. */
  scenario: LifecycleScenario | undefined;
  /** The scenario's people: each role's walker, a second account per role, and `none`. */
  world: World;
  walkers: Walker[];
}

const title = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** The values the server tests make an example's records with (section 5 kept). */
function overridesOf(example: string, scenario: LifecycleScenario | undefined): Overrides {
  return scenario?.overrides ?? EXAMPLES.find((e) => e.name === example)?.overrides ?? {};
}

/**
 * Serves nothing itself: on an example already served, an account per role (`agent@helpdesk.test`)
 * with the User fields the server tests give, the scenario's links between them (an employee's
 * manager), and a harness to make what a role needs made by another first.
 */
export async function exampleWorld(example: string, served: ServedApp): Promise<ExampleWorld> {
  const scenario = SCENARIOS.find((s) => s.name === example);
  const h = lifecycleHarnessOn(served.store, served.model, overridesOf(example, scenario));
  const actors: Record<string, Actor> = { none: { ...(await h.actor()), roles: [] } };
  const walkers: Walker[] = [];
  for (const { name: role } of served.model.roles) {
    const email = `${role}@${example}.test`;
    const name = `${title(role)} Walker`;
    // The User's own fields the example requires (a card number), not the account's.
    const fields = await h.validBody('User', null as never);
    for (const own of ['email', 'name', 'roles']) delete fields[own];
    const id = await served.addUser(email, name, [role], fields);
    const actor: Actor = { id, email, name, roles: [role], fields: {} };
    actors[role] = actor;
    actors[`${role}2`] = await h.actor([role]);
    walkers.push({ role, email, name, actor, jobs: roleJobs(served.model, role) });
  }
  const world: World = { actors };
  await scenario?.setup?.(h, world);
  // A scenario may give a person fields the server reads from their account (a finance
  // officer's approval limit): they are written to the account the walker signs in with.
  for (const w of walkers)
    if (Object.keys(w.actor.fields).length > 0) await h.patch('User', w.actor.id, w.actor.fields);
  return { example, served, h, scenario, world, walkers };
}

/**
 * The people one role's walk works with: the walker, and for every other role an account of its
 * own, linked as the scenario links the example's people (a requester's manager). Walks run side
 * by side: a member's unpaid fine, read in the member's walk, made lending to that member refused
 * (MEMBER_BLOCKED) in the librarian's, who lends to another member here.
 */
export async function walkerWorld(ew: ExampleWorld, walker: Walker): Promise<World> {
  const actors: Record<string, Actor> = { ...ew.world.actors };
  for (const other of ew.walkers)
    if (other.role !== walker.role) actors[other.role] = await ew.h.actor([other.role]);
  const world: World = { actors };
  await ew.scenario?.setup?.(ew.h, world);
  for (const actor of Object.values(actors))
    if (Object.keys(actor.fields).length > 0) await ew.h.patch('User', actor.id, actor.fields);
  return world;
}
