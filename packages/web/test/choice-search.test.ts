import { evaluate } from '@specrun/expr';
import { describe, expect, it } from 'vitest';
import {
  createdFrom,
  createOption,
  lowerAscii,
  titleSearch,
} from '../src/ui/inputs/choice-search.js';
import { example } from './examples.js';

const workshops = example('workshops');
const holds = (filter: string, name: string) =>
  evaluate(filter, workshops, { record: { id: 't', name } }, { entity: 'Tag' }) === true;

describe('a picker’s search, run by the server', () => {
  it('finds titles containing what was typed, in any case of A–Z', () => {
    const filter = titleSearch('name', '  Elec ')!;
    expect(filter).toBe('record.name.lowerAscii().contains("elec")');
    expect(holds(filter, 'electronics')).toBe(true);
    expect(holds(filter, 'ELECTRONICS')).toBe(true);
    expect(holds(filter, 'textiles')).toBe(false);
    expect(titleSearch('name', ' ')).toBeUndefined();
  });

  it('keeps quotes, backslashes and letters beyond A–Z as typed', () => {
    const filter = titleSearch('name', 'Ça "va" \\ ok')!;
    expect(holds(filter, 'Ça "va" \\ ok!')).toBe(true);
    expect(lowerAscii('ÉCOLE Ab')).toBe('École ab');
  });

  it('carries what was typed in the create option', () => {
    expect(createdFrom(createOption(' woodwork '))).toBe('woodwork');
    expect(createdFrom('0190abc')).toBeUndefined();
    expect(createdFrom(null)).toBeUndefined();
  });
});
