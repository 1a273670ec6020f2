import { didYouMean, type Screen, SCREEN_KINDS, type ScreenKind } from '@specrun/model';
import type { RootContent, Table } from 'mdast';
import type { ReadContext } from '../../read-context.js';
import { cellOf, readTable, type Row } from '../tables/read-table.js';
import { atItem, splitItems, wordOf } from '../tables/split-items.js';
import { readShows } from './read-shows.js';

const COLUMNS = [
  { name: 'route', required: true },
  { name: 'screen' },
  { name: 'kind', required: true },
  { name: 'entity' },
  { name: 'who' },
  { name: 'shows' },
];
const NEEDS_ENTITY: ScreenKind[] = ['list', 'detail', 'form'];

function readScreen(row: Row, ctx: ReadContext): Screen | undefined {
  const route = cellOf(row, 'route');
  if (!route.text.startsWith('/') || /\s/.test(route.text)) {
    ctx.bag.error(
      'bad-route',
      route,
      `\`${route.text}\` is not a route.`,
      'write a path that starts with `/`, such as `/tickets/:id`',
    );
    return undefined;
  }
  const kindCell = cellOf(row, 'kind');
  const kind = kindCell.text.toLowerCase() as ScreenKind;
  if (!SCREEN_KINDS.includes(kind)) {
    ctx.bag.error(
      'unknown-kind',
      kindCell,
      `\`${kindCell.text}\` is not a kind of screen.`,
      didYouMean(kind, SCREEN_KINDS) ?? `kinds: ${SCREEN_KINDS.join(', ')}`,
    );
    return undefined;
  }
  const screen: Screen = {
    route: route.text,
    name: cellOf(row, 'screen').text || route.text,
    kind,
    who: [],
    derived: false,
    line: row.line,
  };
  const entity = cellOf(row, 'entity');
  if (entity.text !== '') screen.entity = entity.text;
  else if (NEEDS_ENTITY.includes(kind)) {
    ctx.bag.error(
      'missing-entity',
      entity,
      `A ${kind} screen needs an entity.`,
      'write the entity it shows in the Entity column',
    );
  }
  const who = splitItems(cellOf(row, 'who').segments);
  // An empty Who lets anyone open the screen, as the language reference says.
  screen.who = who.length === 0 ? ['anyone'] : who.map(wordOf);
  who.forEach((item, i) => ctx.where.set(screen, `who.${i}`, atItem(item)));
  readShows(cellOf(row, 'shows'), screen, ctx);
  ctx.where.set(screen, 'route', route);
  ctx.where.set(screen, 'entity', entity);
  return screen;
}

/** Reads section 2: one screen per row of Route, Screen, Kind, Entity, Who and Shows. */
export function readScreens(body: readonly RootContent[], ctx: ReadContext): Screen[] {
  const screens: Screen[] = [];
  for (const table of body.filter((n): n is Table => n.type === 'table')) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) {
      const screen = readScreen(row, ctx);
      if (screen) screens.push(screen);
    }
  }
  return screens;
}
