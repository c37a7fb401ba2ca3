import { describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  writeStock,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";
import { AppError } from "../../http/app-error.ts";
import { fromThousandths, toThousandths } from "../../lib/decimal.ts";
import { deleteMovement } from "../movements/movements.service.ts";
import { buildReport } from "./reports.service.ts";

/**
 * Property test: for random ledgers (random types, quantities, locations and backdated times, and
 * movements deleted again within their ten minutes through the movements service), the reports agree
 * with a model of the live movements kept here in exact decimals, and with each other: Stock for
 * Period equals the model's opening, in, out and closing per item and location; one period's closing
 * is the next period's opening; Item Stock at the end date is Stock for Period's closing; Movement
 * History lists the model's legs and its balances run from each location's opening to its closing;
 * Single Item Summary counts the model's item totals; Valuation's and Inventory Summary's totals
 * equal Item Stock's; a short page of Stock for Period or Item Stock is the start of the whole table.
 * A deleted movement leaves every report.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const { user: admin, cookie } = await signedInAs(ctx, { role: "admin" });
const sessionUser = {
  id: admin.id,
  name: admin.name,
  email: admin.email,
  role: "admin" as const,
  mustChangePassword: false,
  language: "en" as const,
};
const actor = { userId: admin.id, requestId: null };
/** Refusals a random ledger may run into: taking more than a location holds, directly or by a deletion. */
const REFUSED = new Set(["INSUFFICIENT_STOCK", "REVERSAL_WOULD_GO_NEGATIVE"]);

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Table = { rows: Array<Record<string, string>>; totals: Array<Record<string, string>> };

async function tables(type: string, query: string) {
  const response = await request(ctx.app, "GET", `/api/reports/${type}?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tables as Table[];
}

async function rows(type: string, query: string): Promise<Table> {
  const [table] = await tables(type, query);
  if (!table) {
    throw new Error(`${type} answered no table`);
  }
  return table;
}

const keyOf = (row: Record<string, string>) => `${row.itemNo}@${row.location}`;

/** A live movement of the model: the item, its legs (out of `from`, into `to`), whether it adds or takes. */
interface ModelMovement {
  id: number;
  itemNo: string;
  from: string | null;
  to: string | null;
  quantity: bigint;
  at: Date;
  /** +1 received or increased, -1 dispatched or decreased, 0 moved (changes neither in nor out). */
  direction: 1 | -1 | 0;
}

/** Business-zone (UTC+4) February 2026: [1 Feb 00:00, 1 Mar 00:00) in Dubai. */
const FEBRUARY = { start: new Date("2026-01-31T20:00:00Z"), end: new Date("2026-02-28T20:00:00Z") };

/** Opening, in, out and closing per item@location over February, from the model's live movements. */
function modelStockForFebruary(movements: ModelMovement[]) {
  const pairs = new Map<string, { opening: bigint; in: bigint; out: bigint }>();
  const add = (key: string, part: "opening" | "in" | "out", quantity: bigint) => {
    const pair = pairs.get(key) ?? { opening: 0n, in: 0n, out: 0n };
    pair[part] += quantity;
    pairs.set(key, pair);
  };
  for (const m of movements) {
    if (m.at >= FEBRUARY.end) {
      continue;
    }
    const before = m.at < FEBRUARY.start;
    if (m.to) {
      add(`${m.itemNo}@${m.to}`, before ? "opening" : "in", m.quantity);
    }
    if (m.from) {
      add(`${m.itemNo}@${m.from}`, before ? "opening" : "out", before ? -m.quantity : m.quantity);
    }
  }
  const result = new Map<string, Record<string, string>>();
  for (const [key, pair] of pairs) {
    if (pair.opening !== 0n || pair.in !== 0n || pair.out !== 0n) {
      result.set(key, {
        opening: fromThousandths(pair.opening),
        in: fromThousandths(pair.in),
        out: fromThousandths(pair.out),
        closing: fromThousandths(pair.opening + pair.in - pair.out),
      });
    }
  }
  return result;
}

describe("report properties over random ledgers", () => {
  it.each([11, 29, 47, 3, 58, 71, 97, 131, 173, 211, 257, 389])(
    "hold for the ledger of seed %i",
    async (seed) => {
      const random = seeded(seed);
      const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 });
      const shelves = [
        ["A", "01"],
        ["A", "02"],
        ["B", "01"],
        ["B", "02"],
      ] as const;
      const positions: number[] = [];
      const codes = new Map<number, string>();
      for (const [shelf, section] of shelves) {
        const id = await positionId(ctx, warehouse.id, shelf, section);
        positions.push(id);
        codes.set(id, `${warehouse.name}${shelf}${section}`);
      }
      const items = await Promise.all(
        [1, 2, 3].map((n) =>
          createTestItem(ctx, { itemNo: `P${seed}-${n}`, unit: "kilogram", unitPrice: (n * 3.7).toFixed(2) }),
        ),
      );
      const at = () => new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 90 * 86_400_000));
      const live: ModelMovement[] = [];
      let deleted = 0;

      async function record(
        change: Parameters<typeof writeStock>[1][number],
        itemNo: string,
        direction: ModelMovement["direction"],
      ) {
        try {
          const [id] = await writeStock(ctx, [change]);
          live.push({
            id: id ?? 0,
            itemNo,
            from: change.fromLocationId ? (codes.get(change.fromLocationId) ?? null) : null,
            to: change.toLocationId ? (codes.get(change.toLocationId) ?? null) : null,
            quantity: toThousandths(change.quantity),
            at: change.occurredAt ?? new Date(),
            direction,
          });
        } catch (error) {
          if (!(error instanceof AppError && REFUSED.has(error.code))) {
            throw error;
          }
        }
      }

      for (const item of items) {
        for (const location of positions) {
          await record(
            { type: "received", itemId: item.id, toLocationId: location, quantity: "500", occurredAt: at() },
            item.itemNo,
            1,
          );
        }
      }
      for (let n = 0; n < 60; n += 1) {
        const item = items[Math.floor(random() * items.length)] ?? items[0];
        if (!item) {
          throw new Error("no item");
        }
        const from = positions[Math.floor(random() * positions.length)] ?? 0;
        const to =
          positions[(positions.indexOf(from) + 1 + Math.floor(random() * 3)) % positions.length] ?? 0;
        const quantity = (1 + random() * 20).toFixed(3);
        const common = { itemId: item.id, quantity, occurredAt: at() };
        const roll = random();
        if (roll < 0.3) {
          await record({ ...common, type: "received", toLocationId: to }, item.itemNo, 1);
        } else if (roll < 0.6) {
          await record({ ...common, type: "moved", fromLocationId: from, toLocationId: to }, item.itemNo, 0);
        } else if (roll < 0.85) {
          await record({ ...common, type: "dispatched", fromLocationId: from }, item.itemNo, -1);
        } else if (random() < 0.5) {
          await record(
            { ...common, type: "adjusted", adjustment: "increase", toLocationId: to },
            item.itemNo,
            1,
          );
        } else {
          await record(
            { ...common, type: "adjusted", adjustment: "decrease", fromLocationId: from },
            item.itemNo,
            -1,
          );
        }
        // Now and then a movement recorded a moment ago is deleted again, through the movements service.
        if (random() < 0.25 && live.length > 0) {
          const index = live.length - 1 - Math.floor(random() * Math.min(live.length, 10));
          const victim = live[index];
          if (victim) {
            try {
              await deleteMovement(ctx, victim.id, sessionUser, actor);
              live.splice(index, 1);
              deleted += 1;
            } catch (error) {
              if (!(error instanceof AppError && REFUSED.has(error.code))) {
                throw error;
              }
            }
          }
        }
      }
      expect(deleted).toBeGreaterThan(0);
      await expectLedgerConsistent(ctx);

      const mine = (table: Table) => table.rows.filter((row) => String(row.itemNo).startsWith(`P${seed}-`));
      const january = mine(await rows("stock-for-period", "start=2026-01-01&end=2026-01-31"));
      const february = mine(await rows("stock-for-period", "start=2026-02-01&end=2026-02-28"));

      // Stock for Period is the model's live movements, to the last gram.
      const model = modelStockForFebruary(live);
      expect(
        new Map(
          february.map((row) => [
            keyOf(row),
            { opening: row.opening, in: row.in, out: row.out, closing: row.closing },
          ]),
        ),
      ).toEqual(model);

      const februaryOpening = new Map(february.map((row) => [keyOf(row), row.opening]));
      for (const row of january) {
        expect(februaryOpening.get(keyOf(row)) ?? "0").toBe(row.closing);
      }
      const stockAtEnd = mine(await rows("item-stock", "end=2026-02-28"));
      const closing = new Map(
        february.filter((row) => row.closing !== "0").map((row) => [keyOf(row), row.closing]),
      );
      expect(new Map(stockAtEnd.map((row) => [keyOf(row), row.quantity]))).toEqual(closing);

      // Movement History: the model's legs of February, each pair's legs chaining from its opening to its
      // closing, leg by leg.
      const history = mine(await rows("movement-history", "start=2026-02-01&end=2026-02-28"));
      const februaryMoves = live.filter((m) => m.at >= FEBRUARY.start && m.at < FEBRUARY.end);
      expect(history).toHaveLength(februaryMoves.reduce((n, m) => n + (m.from ? 1 : 0) + (m.to ? 1 : 0), 0));
      const running = new Map(february.map((row) => [keyOf(row), toThousandths(row.opening ?? "0")]));
      for (const leg of history) {
        const before = running.get(keyOf(leg)) ?? 0n;
        const after = before + toThousandths(leg.in ?? "0") - toThousandths(leg.out ?? "0");
        expect(leg.balanceAfter).toBe(fromThousandths(after));
        running.set(keyOf(leg), after);
      }
      for (const row of february) {
        expect(fromThousandths(running.get(keyOf(row)) ?? 0n)).toBe(row.closing);
      }

      // Single Item Summary: the item's in and out over February, and its opening on the first day.
      for (const item of items) {
        const [days] = await tables("single-item-summary", `itemId=${item.id}&month=2026-02`);
        const ofItem = live.filter((m) => m.itemNo === item.itemNo && m.at < FEBRUARY.end);
        const sum = (list: ModelMovement[]) => fromThousandths(list.reduce((acc, m) => acc + m.quantity, 0n));
        const inFebruary = ofItem.filter((m) => m.at >= FEBRUARY.start);
        const opening = ofItem
          .filter((m) => m.at < FEBRUARY.start)
          .reduce((acc, m) => acc + BigInt(m.direction) * m.quantity, 0n);
        expect(days?.rows[0]?.opening).toBe(fromThousandths(opening));
        expect(days?.totals[0]).toMatchObject({
          in: sum(inFebruary.filter((m) => m.direction === 1)),
          out: sum(inFebruary.filter((m) => m.direction === -1)),
        });
      }

      // A short page is the start of the whole table, with the whole table's row count and totals (the
      // page sorts only the rows up to its last item; limits 5 and 6 end inside an item's positions).
      const deps = { db: ctx.db, database: ctx.database, config: ctx.config, clock: ctx.clock };
      for (const [type, period] of [
        ["stock-for-period", { start: "2026-02-01", end: "2026-02-28" }],
        ["item-stock", { end: "2026-02-28" }],
      ] as const) {
        const [whole] = (await buildReport(deps, type, period, 200_000)).tables;
        for (const limit of [1, 5, 6]) {
          const [page] = (await buildReport(deps, type, period, limit)).tables;
          expect(page?.rows).toEqual(whole?.rows.slice(0, limit));
          expect(page?.totalRows).toBe(whole?.totalRows);
          expect(page?.totals).toEqual(whole?.totals);
        }
      }

      const allStock = await rows("item-stock", "end=2026-03-31");
      const valuation = await rows("valuation", "end=2026-03-31");
      expect(valuation.totals.at(-1)?.value).toBe(allStock.totals.at(-1)?.value);
      const summary = await rows("inventory-summary", "end=2026-03-31");
      expect(summary.totals.at(-1)?.value).toBe(allStock.totals.at(-1)?.value);
    },
  );
});
