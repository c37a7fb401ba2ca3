import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { shelfLabel } from "@wms/domain";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import { hashPassword } from "../../apps/api/src/lib/passwords.ts";

/**
 * The generated data set of DESIGN.md section 8, written through a fast path: COPY with the secondary
 * indexes dropped and foreign-key triggers off (session_replication_role = replica), then the indexes
 * rebuilt, the sequences moved past the loaded ids and stock_balances computed from the ledger with one
 * INSERT ... SELECT. Deterministic for a given seed, so PostgreSQL 15 and 18 get the same rows.
 */
export interface DatasetSize {
  items: number;
  movements: number;
  warehouses: number;
  /** Months of history ending now. */
  months: number;
}

export const BENCH_PASSWORD = "bench-password-2025";
export const ADMIN_EMAIL = "bench-admin@example.com";
export const STAFF_COUNT = 8;
export const staffEmail = (n: number) => `bench-staff-${n}@example.com`;

export interface LoadedDataset {
  size: DatasetSize;
  gridWarehouseId: number;
  warehouseNames: string[];
  /** Live grid positions and containers of each warehouse, by warehouse id. */
  locationsByWarehouse: Map<number, Array<{ id: number; shelf: string; section: string | null }>>;
  historyStart: Date;
  historyEnd: Date;
  finalBalances: number;
  timings: Record<string, number>;
}

/** mulberry32: small, fast, seeded. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  };
}

const ADJECTIVES = [
  "Green", "Black", "Premium", "Organic", "Classic", "Golden", "Royal", "Fresh", "Spiced", "Herbal",
  "Jasmine", "Earl", "Silver", "Mountain", "Desert", "Ceylon", "Assam", "Darjeeling", "Mint", "Lemon",
]; // biome-ignore format: a word list
const NOUNS = [
  "Tea", "Leaves", "Blend", "Carton", "Box", "Label", "Pouch", "Tin", "Sachet", "Bag",
  "Cardboard", "Tape", "Jar", "Cap", "Filter", "Crate", "Pallet", "Wrap", "Sugar", "Honey",
]; // biome-ignore format: a word list
const WORDS = [...ADJECTIVES, ...NOUNS];
/** Search-as-you-type terms: 2 to 4 letter prefixes of words the items use, and of item numbers. */
export const SEARCH_TERMS = [
  ...new Set(
    [...WORDS.slice(0, 12), ...NOUNS.slice(0, 8)].flatMap((word) =>
      [2, 3, 4].map((n) => word.slice(0, n).toLowerCase()),
    ),
  ),
  "bi-0",
  "bi-1",
];
const TYPES = ["RAW_MATERIAL", "FINISHED", "PLM", "GPM", "INGREDIENTS", "TEA", "OTHER", "ASSETS"];
const UNITS = ["pieces", "box", "kilogram", "pieces", "box", "roll", "liter", "meter"];

const esc = (value: string) => value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");
const N = "\\N";

function itemRow(id: number, r: ReturnType<typeof rng>, prefix: string, now: string): string {
  const name = `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} ${r.pick(WORDS)} ${id % 997}`;
  const description = `${r.pick(WORDS)} ${r.pick(WORDS)} size ${r.int(1, 9)}, ${r.pick(NOUNS).toLowerCase()} pack`;
  const price = `${r.int(1, 900)}.${String(r.int(0, 99)).padStart(2, "0")}`;
  const min = r.next() < 0.3 ? String(r.int(1, 50)) : "0";
  return `${id}\t${prefix}${String(id).padStart(6, "0")}\t${esc(name)}\t${esc(description)}\t${r.pick(TYPES)}\t${r.pick(UNITS)}\t${price}\t${min}\t${now}\t${now}\t${N}\n`;
}

async function copyLines(client: pg.PoolClient | pg.Client, statement: string, lines: Iterable<string>) {
  const batches = (function* () {
    let chunk: string[] = [];
    for (const line of lines) {
      chunk.push(line);
      if (chunk.length >= 5000) {
        yield chunk.join("");
        chunk = [];
      }
    }
    if (chunk.length > 0) {
      yield chunk.join("");
    }
  })();
  await pipeline(Readable.from(batches), client.query(copyStreams.from(statement)));
}

/** Drops a table's secondary indexes, returning the statements that recreate them. */
async function dropSecondaryIndexes(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const row of result.rows) {
    await client.query(`drop index "${row.indexname}"`);
  }
  return result.rows.map((row) => row.indexdef);
}

async function timed<T>(timings: Record<string, number>, label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round(performance.now() - start);
  }
}

/**
 * Loads users, warehouses, locations, items and the movement ledger into a freshly migrated database
 * and derives the balances. `url` must reach a database that holds the product's schema and no rows.
 */
export async function loadDataset(url: string, size: DatasetSize, seed = 20251): Promise<LoadedDataset> {
  const timings: Record<string, number> = {};
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const r = rng(seed);
  const now = new Date();
  const nowIso = now.toISOString();
  try {
    await client.query("set session_replication_role = replica");
    await client.query("set maintenance_work_mem = '256MB'");

    // Users: one administrator and the staff who sign in during the movement benchmark.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const users = [
      { id: 1, email: ADMIN_EMAIL, name: "Bench Admin", role: "admin" },
      ...Array.from({ length: STAFF_COUNT }, (_, i) => ({
        id: i + 2,
        email: staffEmail(i + 1),
        name: `Bench Staff ${i + 1}`,
        role: "staff",
      })),
    ];
    await copyLines(
      client,
      "copy users (id, email, name, role, password_hash, must_change_password, created_at, updated_at) from stdin",
      users.map(
        (u) => `${u.id}\t${u.email}\t${u.name}\t${u.role}\t${passwordHash}\tf\t${nowIso}\t${nowIso}\n`,
      ),
    );

    // Warehouses: the first is the largest layout (100 shelves x 20 sections), the rest vary.
    const warehouses = Array.from({ length: size.warehouses }, (_, i) => ({
      id: i + 1,
      name: `Bench Warehouse ${String(i + 1).padStart(2, "0")}`,
      shelves: i === 0 ? 100 : 8 + ((i * 7) % 45),
      sections: i === 0 ? 20 : 3 + ((i * 5) % 18),
      containers: i === 0 ? 4 : 2,
    }));
    await copyLines(
      client,
      "copy warehouses (id, name, location, max_shelves, sections_per_shelf, created_at, updated_at) from stdin",
      warehouses.map(
        (w) => `${w.id}\t${w.name}\tZone ${w.id}\t${w.shelves}\t${w.sections}\t${nowIso}\t${nowIso}\n`,
      ),
    );
    const locationsByWarehouse = new Map<
      number,
      Array<{ id: number; shelf: string; section: string | null }>
    >();
    const locationWarehouse: number[] = [0];
    const locationLines: string[] = [];
    let locationId = 0;
    for (const w of warehouses) {
      const list: Array<{ id: number; shelf: string; section: string | null }> = [];
      for (let s = 1; s <= w.shelves; s++) {
        for (let c = 1; c <= w.sections; c++) {
          locationId += 1;
          const shelf = shelfLabel(s);
          const section = String(c).padStart(2, "0");
          list.push({ id: locationId, shelf, section });
          locationWarehouse.push(w.id);
          locationLines.push(`${locationId}\t${w.id}\tgrid\t${shelf}\t${section}\t${nowIso}\n`);
        }
      }
      for (let k = 1; k <= w.containers; k++) {
        locationId += 1;
        const shelf = `CNT${String(k).padStart(2, "0")}`;
        list.push({ id: locationId, shelf, section: null });
        locationWarehouse.push(w.id);
        locationLines.push(`${locationId}\t${w.id}\tcontainer\t${shelf}\t${N}\t${nowIso}\n`);
      }
      locationsByWarehouse.set(w.id, list);
    }
    await copyLines(
      client,
      "copy locations (id, warehouse_id, kind, shelf, section, created_at) from stdin",
      locationLines,
    );
    const allLocations = locationId;

    // Items.
    const itemUnits: string[] = [""];
    const itemPrices: string[] = [""];
    const itemIndexes = await dropSecondaryIndexes(client, "items");
    await timed(timings, "copyItemsMs", () =>
      copyLines(
        client,
        "copy items (id, item_no, name, description, type, unit, unit_price, min_quantity, created_at, updated_at, archived_at) from stdin",
        (function* () {
          for (let id = 1; id <= size.items; id++) {
            const line = itemRow(id, r, "BI-", nowIso);
            const cells = line.split("\t");
            itemUnits.push(cells[5] ?? "pieces");
            itemPrices.push(cells[6] ?? "0");
            yield line;
          }
        })(),
      ),
    );

    // Each item has two home positions, about a fifth of them in the large warehouse: ~10,000 (item,
    // position) balances there, as DESIGN.md section 8 describes its grid.
    const grid = (locationsByWarehouse.get(1) ?? []).filter((l) => l.section !== null);
    const homes: number[][] = [[]];
    for (let id = 1; id <= size.items; id++) {
      const pickHome = () =>
        r.next() < 0.18
          ? r.pick(grid).id
          : r.pick(locationsByWarehouse.get(r.int(2, size.warehouses)) ?? grid).id;
      homes.push([pickHome(), pickHome()]);
    }

    // The ledger, simulated in time order so no balance ever goes below zero.
    const historyEnd = new Date(now.getTime() - 60 * 60_000);
    const historyStart = new Date(historyEnd);
    historyStart.setUTCMonth(historyStart.getUTCMonth() - size.months);
    const span = historyEnd.getTime() - historyStart.getTime();
    const balances = new Map<number, number>();
    const positive: number[] = [];
    const positiveIndex = new Map<number, number>();
    const keyOf = (item: number, location: number) => item * 65_536 + location;
    const change = (key: number, delta: number) => {
      const next = (balances.get(key) ?? 0) + delta;
      if (next < 0) {
        throw new Error(`generator bug: negative balance for ${key}`);
      }
      balances.set(key, next);
      const at = positiveIndex.get(key);
      if (next > 0 && at === undefined) {
        positiveIndex.set(key, positive.length);
        positive.push(key);
      } else if (next === 0 && at !== undefined) {
        const last = positive.pop() as number;
        if (last !== key) {
          positive[at] = last;
          positiveIndex.set(last, at);
        }
        positiveIndex.delete(key);
        balances.delete(key);
      }
    };
    const reasons = ["Restock", "Customer order", "Rearranged", "Cycle count", "Damaged", "Transfer"];
    const staffIds = users.filter((u) => u.role === "staff").map((u) => u.id);
    const movementIndexes = await dropSecondaryIndexes(client, "stock_movements");
    await timed(timings, "copyMovementsMs", () =>
      copyLines(
        client,
        "copy stock_movements (id, type, item_id, quantity, unit, from_location_id, to_location_id, adjustment, reason, managed_by, managed_by_name, unit_price, occurred_at, created_at, created_by) from stdin",
        (function* () {
          for (let id = 1; id <= size.movements; id++) {
            const at = new Date(historyStart.getTime() + Math.floor((span * id) / (size.movements + 1)));
            const atIso = at.toISOString();
            const roll = r.next();
            let type: string;
            let item: number;
            let from: number | null = null;
            let to: number | null = null;
            let adjustment: string | null = null;
            let quantity: number;
            if (positive.length < 50 || roll < 0.34) {
              type = "received";
              item = r.int(1, size.items);
              const home = homes[item] ?? [1];
              to = r.next() < 0.9 ? (r.pick(home) as number) : r.int(1, allLocations);
              quantity = r.int(5, 200);
              change(keyOf(item, to), quantity);
            } else {
              const key = positive[Math.floor(r.next() * positive.length)] as number;
              item = Math.floor(key / 65_536);
              const location = key % 65_536;
              const held = balances.get(key) ?? 0;
              if (roll < 0.56) {
                type = "moved";
                from = location;
                const sameWarehouse = locationsByWarehouse.get(locationWarehouse[location] ?? 1) ?? grid;
                do {
                  to = r.next() < 0.5 ? (r.pick(homes[item] ?? [1]) as number) : r.pick(sameWarehouse).id;
                } while (to === from);
                quantity = r.next() < 0.3 ? held : r.int(1, held);
                change(key, -quantity);
                change(keyOf(item, to), quantity);
              } else if (roll < 0.92) {
                type = "dispatched";
                from = location;
                quantity = r.next() < 0.2 ? held : r.int(1, Math.max(1, Math.ceil(held / 2)));
                change(key, -quantity);
              } else if (roll < 0.96) {
                type = "adjusted";
                adjustment = "increase";
                to = location;
                quantity = r.int(1, 10);
                change(key, quantity);
              } else {
                type = "adjusted";
                adjustment = "decrease";
                from = location;
                quantity = r.int(1, Math.min(held, 5));
                change(key, -quantity);
              }
            }
            const staff = r.pick(staffIds);
            const price = type === "received" ? itemPrices[item] : N;
            yield `${id}\t${type}\t${item}\t${quantity}\t${itemUnits[item]}\t${from ?? N}\t${to ?? N}\t${adjustment ?? N}\t${r.pick(reasons)}\t${staff}\tBench Staff ${staff - 1}\t${price}\t${atIso}\t${atIso}\t${staff}\n`;
          }
        })(),
      ),
    );
    await client.query("set session_replication_role = origin");
    await timed(timings, "rebuildIndexesMs", async () => {
      for (const statement of [...itemIndexes, ...movementIndexes]) {
        await client.query(statement);
      }
    });
    await timed(timings, "balancesInsertSelectMs", () =>
      client.query(`
        insert into stock_balances (item_id, location_id, quantity, updated_at)
        select item_id, location_id, sum(delta), now() from (
          select item_id, to_location_id as location_id, quantity as delta
          from stock_movements where deleted_at is null and to_location_id is not null
          union all
          select item_id, from_location_id, -quantity
          from stock_movements where deleted_at is null and from_location_id is not null
        ) ledger group by item_id, location_id having sum(delta) <> 0`),
    );
    for (const table of ["users", "warehouses", "locations", "items", "stock_movements"]) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
      );
    }
    await timed(timings, "vacuumAnalyzeMs", () => client.query("vacuum analyze"));
    return {
      size,
      gridWarehouseId: 1,
      warehouseNames: warehouses.map((w) => w.name),
      locationsByWarehouse,
      historyStart,
      historyEnd,
      finalBalances: balances.size,
      timings,
    };
  } finally {
    await client.end();
  }
}

/** Adds items (no stock) until the catalogue holds `total`, for the search-as-you-type budget. */
export async function growCatalogue(url: string, total: number, seed = 777): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = performance.now();
  try {
    const { rows } = await client.query<{ max: number | null }>("select max(id)::int as max from items");
    const from = (rows[0]?.max ?? 0) + 1;
    const r = rng(seed);
    const nowIso = new Date().toISOString();
    await client.query("set session_replication_role = replica");
    await client.query("set maintenance_work_mem = '256MB'");
    const indexes = await dropSecondaryIndexes(client, "items");
    await copyLines(
      client,
      "copy items (id, item_no, name, description, type, unit, unit_price, min_quantity, created_at, updated_at, archived_at) from stdin",
      (function* () {
        for (let id = from; id <= total; id++) {
          yield itemRow(id, r, "BI-", nowIso);
        }
      })(),
    );
    await client.query("set session_replication_role = origin");
    for (const statement of indexes) {
      await client.query(statement);
    }
    await client.query("select setval(pg_get_serial_sequence('items', 'id'), (select max(id) from items))");
    await client.query("vacuum analyze items");
    return Math.round(performance.now() - start);
  } finally {
    await client.end();
  }
}
