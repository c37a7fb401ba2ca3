import type pg from "pg";

export interface ColumnInfo {
  name: string;
  /** format_type(), e.g. "numeric(15,3)": a restore checks the target has the same columns and types. */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** The primary-key columns (a stable row order for the export and the post-restore checksum). */
  primaryKey: string[];
  /** The subset of primaryKey whose type has a collation: ordered with COLLATE "C" on every server. */
  collatedKey: string[];
}

export interface SequenceInfo {
  name: string;
  table: string;
  column: string;
}

/** Session settings that make COPY's text output (dates, times, floats) identical on every server. */
export const SESSION_SETTINGS = [
  "set local client_encoding = 'UTF8'",
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local extra_float_digits = 3",
  "set local statement_timeout = 0",
  "set local idle_in_transaction_session_timeout = 0",
];

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every ordinary table of the public schema except an extension's own, by name. */
export async function listApplicationTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  return rows.map((row) => row.name);
}

/** The application tables with their columns and keys, parents before children (foreign-key order). */
export async function describeTables(
  client: pg.ClientBase,
): Promise<{ tables: TableInfo[]; cycles: string[] }> {
  const names = await listApplicationTables(client);
  const columns = await client.query<{ table: string; name: string; type: string; collated: boolean }>(`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
           a.attcollation <> 0 as collated
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by c.relname, a.attnum`);
  const keys = await client.query<{ table: string; name: string }>(`
    select c.relname as table, a.attname as name
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    cross join lateral unnest(k.conkey) with ordinality as key(attnum, position)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = key.attnum
    where n.nspname = 'public' and k.contype = 'p'
    order by c.relname, key.position`);
  const references = await client.query<{ child: string; parent: string }>(`
    select distinct child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid join pg_namespace cn on cn.oid = child.relnamespace
    join pg_class parent on parent.oid = k.confrelid join pg_namespace pn on pn.oid = parent.relnamespace
    where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'`);

  const byName = new Map<string, TableInfo>(
    names.map((name) => [name, { name, columns: [], primaryKey: [], collatedKey: [] }]),
  );
  const collated = new Set<string>();
  for (const row of columns.rows) {
    byName.get(row.table)?.columns.push({ name: row.name, type: row.type });
    if (row.collated) {
      collated.add(`${row.table}.${row.name}`);
    }
  }
  for (const row of keys.rows) {
    const table = byName.get(row.table);
    table?.primaryKey.push(row.name);
    if (collated.has(`${row.table}.${row.name}`)) {
      table?.collatedKey.push(row.name);
    }
  }

  // Kahn's algorithm, alphabetical among the ready ones; a self-reference does not constrain the order.
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const { child, parent } of references.rows) {
    if (child !== parent && byName.has(child) && byName.has(parent)) {
      parents.get(child)?.add(parent);
    }
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (placed.size < names.length) {
    const ready = names.find(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((parent) => placed.has(parent)),
    );
    if (!ready) {
      break;
    }
    placed.add(ready);
    ordered.push(byName.get(ready) as TableInfo);
  }
  // Foreign keys in a cycle: no order satisfies them; a restore defers the (deferrable) constraints.
  const cycles = names.filter((name) => !placed.has(name));
  for (const name of cycles) {
    ordered.push(byName.get(name) as TableInfo);
  }
  return { tables: ordered, cycles };
}

/** The sequences behind serial and identity columns of application tables. */
export async function listOwnedSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<SequenceInfo>(`
    select s.relname as name, t.relname as table, a.attname as column
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'
    order by s.relname`);
  return rows;
}

/** The query that exports a table: its columns in a fixed row order that every server sorts alike. */
export function exportQuery(table: Pick<TableInfo, "name" | "columns" | "primaryKey" | "collatedKey">) {
  const columns = table.columns.map((column) => quoteIdent(column.name)).join(", ");
  const order = table.primaryKey
    .map((key) => `${quoteIdent(key)}${table.collatedKey.includes(key) ? ' collate "C"' : ""}`)
    .join(", ");
  return `copy (select ${columns} from ${quoteIdent(table.name)}${order ? ` order by ${order}` : ""}) to stdout`;
}
