import { describe, expect, it } from 'vitest';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { MODELS } from './support/example-models.js';
import { compileToSql } from './support/expr.js';
import { LAB_CONDITIONS } from './support/lab-conditions.js';
import { sqlText } from './support/sql-text.js';

const model = MODELS.lab;

describe.each(['sqlite', 'postgres'] as const)(
  'compiling on the store`s tables (%s)',
  (dialect) => {
    const mapping = modelSqlMapping(model, dialect);

    it('maps entities, columns, list tables and roles as the store derives them', () => {
      expect(mapping.table('Item')).toBe('items');
      expect(mapping.column('Item', 'price')).toEqual({
        name: 'price',
        type: 'money',
        nullable: false,
        scale: 2,
      });
      expect(mapping.list('Item', 'tags')).toEqual({
        table: 'items_tags',
        ownerColumn: 'recordId',
        itemColumn: 'itemId',
      });
      expect(mapping.roles).toEqual({
        table: 'user_roles',
        ownerColumn: 'userId',
        itemColumn: 'role',
      });
    });

    it('never writes a string of the expression or of the request into the SQL', () => {
      const user = { id: "u' OR '1'='1", roles: ['admin'], nickname: 'boss%' };
      for (const source of LAB_CONDITIONS) {
        const result = compileToSql(source, model, { entity: 'Item' }, mapping);
        if (!result.ok) throw new Error(`${source}: ${result.issues[0]?.message}`);
        const { sql } = sqlText(result.sql({ user }), dialect);
        for (const [, literal] of source.matchAll(/"([^"]{3,})"/g))
          expect(sql).not.toContain(literal);
        expect(sql).not.toContain(user.id);
        expect(sql).not.toContain('boss%');
      }
    });

    it('refuses what has no faithful SQL form with a not-compilable issue at its offset', () => {
      const cases: [string, number][] = [
        ['record.title.matches("^a")', 13],
        ['record.tags.map(t, t).size() > 0', 11],
        ['record.quantity / record.quantity == 1', 16],
        ['record.owner in ["users-1"]', 13],
        ['record.title.charAt(0) == "a"', 13],
      ];
      for (const [source, offset] of cases) {
        const result = compileToSql(source, model, { entity: 'Item' }, mapping);
        expect(result.ok ? [] : result.issues).toEqual([
          expect.objectContaining({ code: 'not-compilable', offset }),
        ]);
      }
    });
  },
);
