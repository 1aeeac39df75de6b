// The Drizzle schema is a second description of what the SQL migrations create (migrations/ is the source of
// truth), kept in step by hand: this reads the migrated database's catalogue and holds every Drizzle table to
// it — the same tables in each schema (the store's, the sandboxes', the hosted checkout's), and per column
// its type, whether it may be null and whether the database gives it a default; per table its primary key,
// what it holds unique (constraints and unique indexes, partial ones too) by their columns, and every index by
// its name, columns, partiality and method. Runs on PGlite and on PostgreSQL (src/db is driver-specific).
import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type IndexedColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostTables from '@store/checkout-host/testing';
import { openTestDatabase, type TestDatabase } from '../../test/support/test-app.ts';
import { migrateAll } from '../migrations.ts';
import { hostSchemaFor, sandboxSchemaFor } from './client.ts';
import * as sandboxTables from './sandbox-schema.ts';
import * as storeTables from './schema.ts';

type Where = 'store' | 'sandbox' | 'host';
const tablesOf = (exports: Record<string, unknown>) => Object.values(exports).filter((value): value is PgTable => is(value, PgTable));
const DRIZZLE_TABLES: Record<Where, PgTable[]> = {
  // db/schema.ts gathers every module's tables.ts and the plumbing's.
  store: tablesOf(storeTables),
  sandbox: tablesOf(sandboxTables),
  host: tablesOf(hostTables),
};
/** The migration runners' own bookkeeping, which no module reads through Drizzle. */
const BOOKKEEPING = /^(__drizzle_migrations|schema_migrations|\w*migrations)$/;

interface DbColumn {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  identity: boolean;
}
interface DbIndex {
  table: string;
  name: string;
  unique: boolean;
  primary: boolean;
  /** Its columns in order; an expression's place holds null. */
  columns: (string | null)[];
  partial: boolean;
  method: string;
}

let t: TestDatabase;
const schemas = {} as Record<Where, string>;
const columns = {} as Record<Where, DbColumn[]>;
const indexes = {} as Record<Where, DbIndex[]>;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await openTestDatabase({ migrated: true });
  await migrateAll(t.database);
  const [{ schema }] = await rows<{ schema: string }>(sql`SELECT current_schema() AS schema`);
  Object.assign(schemas, { store: schema, sandbox: sandboxSchemaFor(schema), host: hostSchemaFor(schema) });
  for (const where of ['store', 'sandbox', 'host'] as const) {
    columns[where] = await rows<DbColumn>(sql`
      SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
             a.attnotnull AS "notNull", a.atthasdef AS "hasDefault", a.attidentity <> '' AS "identity"
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ${schemas[where]} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`);
    indexes[where] = await rows<DbIndex>(sql`
      SELECT c.relname AS "table", i.relname AS "name", x.indisunique AS "unique", x.indisprimary AS "primary",
             array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, ord)
                     LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS "columns",
             x.indpred IS NOT NULL AS "partial", am.amname AS "method"
        FROM pg_index x
        JOIN pg_class c ON c.oid = x.indrelid
        JOIN pg_class i ON i.oid = x.indexrelid
        JOIN pg_am am ON am.oid = i.relam
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ${schemas[where]}`);
  }
}, 120_000);
afterAll(() => t?.drop());

/** Drizzle's spelling of a type as the catalogue's format_type spells it. */
function catalogueType(column: PgColumn): string {
  const type = column.getSQLType();
  return type
    .replace(/^varchar/, 'character varying')
    .replace(/^char\b/, 'character')
    .replace(/^timestamptz/, 'timestamp with time zone')
    .replace(/^timestamp(\s*\(\d+\))?$/, 'timestamp$1 without time zone')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^numeric\((\d+), (\d+)\)$/, 'numeric($1,$2)');
}

const tableColumns = (where: Where, table: string) => columns[where].filter((c) => c.table === table);
const key = (cols: (string | null)[]) => cols.map((c) => c ?? '(expression)').join(',');

describe('the Drizzle schema against the migrated database', () => {
  for (const where of ['store', 'sandbox', 'host'] as const) {
    it(`has the same tables as the ${where} schema`, () => {
      const inDrizzle = DRIZZLE_TABLES[where].map((table) => getTableConfig(table).name).sort();
      const inDatabase = [...new Set(columns[where].map((c) => c.table))].filter((name) => !BOOKKEEPING.test(name)).sort();
      expect(inDrizzle).toEqual(inDatabase);
    });

    it(`gives every column of the ${where} schema the database's type, null rule and default`, () => {
      const mismatches: string[] = [];
      for (const table of DRIZZLE_TABLES[where]) {
        const config = getTableConfig(table);
        const inDatabase = new Map(tableColumns(where, config.name).map((c) => [c.column, c]));
        const declared = new Set(config.columns.map((c) => c.name));
        for (const name of inDatabase.keys()) if (!declared.has(name)) mismatches.push(`${config.name}.${name}: in the database only`);
        for (const column of config.columns) {
          const actual = inDatabase.get(column.name);
          const where_ = `${config.name}.${column.name}`;
          if (!actual) {
            mismatches.push(`${where_}: in Drizzle only`);
            continue;
          }
          if (catalogueType(column) !== actual.type)
            mismatches.push(`${where_}: type ${column.getSQLType()} in Drizzle, ${actual.type} in the database`);
          if (column.notNull !== actual.notNull)
            mismatches.push(`${where_}: notNull ${column.notNull} in Drizzle, ${actual.notNull} in the database`);
          // A default the database fills in (not one Drizzle computes in JavaScript, $defaultFn).
          const drizzleDefault =
            column.default !== undefined || column.generatedIdentity !== undefined || /serial$/.test(column.getSQLType());
          const databaseDefault = actual.hasDefault || actual.identity;
          if (drizzleDefault !== databaseDefault)
            mismatches.push(`${where_}: ${drizzleDefault ? 'a default in Drizzle only' : 'a default in the database only'}`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it(`declares the primary keys, what is unique, and the indexes of the ${where} schema`, () => {
      const mismatches: string[] = [];
      for (const table of DRIZZLE_TABLES[where]) {
        const config = getTableConfig(table);
        const inDatabase = indexes[where].filter((i) => i.table === config.name);
        const primary = [
          ...config.columns.filter((c) => c.primary).map((c) => [c.name]),
          ...config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
        ];
        const dbPrimary = inDatabase.filter((i) => i.primary).map((i) => i.columns);
        if (key(primary.map(key)) !== key(dbPrimary.map(key)))
          mismatches.push(`${config.name}: primary key (${primary.map(key)}) in Drizzle, (${dbPrimary.map(key)}) in the database`);
        const unique = [
          ...config.columns.filter((c) => c.isUnique).map((c) => [c.name]),
          ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
          ...config.indexes.filter((i) => i.config.unique).map((i) => i.config.columns.map((c) => (c as PgColumn).name ?? '(expression)')),
        ].map(key);
        const dbUnique = inDatabase.filter((i) => i.unique && !i.primary).map((i) => key(i.columns));
        for (const u of unique) if (!dbUnique.includes(u)) mismatches.push(`${config.name}: unique (${u}) in Drizzle only`);
        for (const u of dbUnique) if (!unique.includes(u)) mismatches.push(`${config.name}: unique (${u}) in the database only`);
        // Every index Drizzle names, by its name: the same columns in order (an expression where the catalogue has
        // one), partial or not, the same method.
        const named = new Map(inDatabase.map((i) => [i.name, i]));
        for (const index of config.indexes) {
          const { name, columns: declared, where: predicate, method = 'btree' } = index.config;
          const actual = name ? named.get(name) : undefined;
          if (!name || !actual) {
            mismatches.push(`${config.name}: index ${name ?? '(unnamed)'} in Drizzle only`);
            continue;
          }
          const drizzleColumns = declared.map((c) => (is(c, SQL) ? null : ((c as IndexedColumn).name ?? null)));
          if (key(drizzleColumns) !== key(actual.columns))
            mismatches.push(`${config.name}: index ${name} on (${drizzleColumns}) in Drizzle, (${actual.columns}) in the database`);
          if (Boolean(predicate) !== actual.partial)
            mismatches.push(`${config.name}: index ${name} ${actual.partial ? 'partial in the database only' : 'partial in Drizzle only'}`);
          if (method !== actual.method)
            mismatches.push(`${config.name}: index ${name} uses ${method} in Drizzle, ${actual.method} in the database`);
        }
        const declaredNames = new Set(config.indexes.map((i) => i.config.name));
        for (const index of inDatabase.filter((i) => !i.primary && !i.unique))
          if (!declaredNames.has(index.name)) mismatches.push(`${config.name}: index ${index.name} in the database only`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
