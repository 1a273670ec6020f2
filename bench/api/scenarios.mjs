// The four measured calls, the same bytes sent to specrun and to the baseline.

/**
 * The bounds of each run: seconds for reads and creates; a fixed count for transitions. A
 * comparison runs `rounds` rounds, each measuring both servers, in the other order from the round
 * before, so that a change in the machine's speed during the run (a shared host, a page cache
 * emptied) falls on both alike.
 */
export const RUNS = {
  rounds: 5,
  timed: { warmup: { seconds: 3 }, measure: { seconds: 4 } },
  transitions: { warmup: { amount: 1000 }, measure: { amount: 2000 } },
};

/** Open tickets each server closes in the transition run. */
export const TRANSITIONS_PER_SERVER =
  RUNS.transitions.warmup.amount + RUNS.rounds * RUNS.transitions.measure.amount;

const NEW_TICKET = JSON.stringify({
  title: 'Printer jammed again',
  body: 'Tray 2 jams after a few pages since the last firmware update.',
  priority: 'normal',
});

/**
 * The calls, given the signed-in customers: `reader` lists and reads their own tickets among
 * everybody's, `creators` (Cookie headers) open tickets in turn, `closer` cancels open tickets,
 * each a different one. `next()`, where there is one, gives what changes from one request to
 * the next.
 */
export function scenarios({ reader, ticketId, creators, closer, poolIds }) {
  let next = 0;
  let creator = 0;
  return {
    list: { path: '/api/tickets?limit=20', headers: { cookie: reader.cookie } },
    get: { path: `/api/tickets/${ticketId}`, headers: { cookie: reader.cookie } },
    create: {
      method: 'POST',
      path: '/api/tickets',
      headers: { 'content-type': 'application/json' },
      body: NEW_TICKET,
      next: () => ({
        headers: {
          'content-type': 'application/json',
          cookie: creators[creator++ % creators.length],
        },
      }),
    },
    transition: {
      method: 'POST',
      path: '/api/tickets/none/cancel',
      headers: { cookie: closer.cookie },
      // Past the pool's end the last ticket is asked again: its 409s would show as non-2xx.
      next: () => ({
        path: `/api/tickets/${poolIds[Math.min(next++, poolIds.length - 1)]}/cancel`,
      }),
    },
  };
}
