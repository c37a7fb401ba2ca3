/** Diagnostic (not part of the benchmark run): what the API's connections wait on during the movement load. */
import { createRequire } from "node:module";
import pg from "pg";

const require_ = createRequire(import.meta.url);

import { ADMIN_EMAIL, BENCH_PASSWORD, STAFF_COUNT, staffEmail } from "./lib/dataset.ts";
import { movementLoad, signIn, startApi } from "./lib/http.ts";

const url = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432/wms_bench";
const api = await startApi(url);
try {
  await signIn(api.base, "admin", ADMIN_EMAIL, BENCH_PASSWORD);
  const cookies: string[] = [];
  for (let n = 1; n <= STAFF_COUNT; n++) {
    cookies.push(await signIn(api.base, "staff", staffEmail(n), BENCH_PASSWORD));
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select distinct on (b.item_id) b.item_id, b.location_id, l.warehouse_id from stock_balances b
     join locations l on l.id = b.location_id where b.quantity >= 5 and l.kind = 'grid' order by b.item_id limit 200`,
  );
  const pairs = [];
  for (const row of rows) {
    const other = await client.query(
      "select id from locations where warehouse_id = $1 and id <> $2 and kind = 'grid' limit 1",
      [row.warehouse_id, row.location_id],
    );
    pairs.push({ itemId: row.item_id, a: row.location_id, b: other.rows[0].id });
  }
  const counts = new Map<string, number>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const act = await client.query(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as w, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as q
         from pg_stat_activity where application_name = 'wms-api' and pid <> pg_backend_pid()`,
      );
      for (const a of act.rows) {
        const key = a.state === "active" ? `active ${a.w} | ${a.q}` : `${a.state}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const stat = () =>
    (require_("fs").readFileSync("/proc/stat", "utf8").split("\n")[0] as string)
      .split(/\s+/)
      .slice(1)
      .map(Number);
  const procs = () => {
    const fs_ = require_("fs");
    const by = new Map<string, number>();
    for (const pid of fs_.readdirSync("/proc").filter((d: string) => /^\d+$/.test(d))) {
      try {
        const text = fs_.readFileSync(`/proc/${pid}/stat`, "utf8");
        const comm = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
        const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
        by.set(`${comm}`, (by.get(comm) ?? 0) + Number(f[11]) + Number(f[12]));
      } catch {}
    }
    return by;
  };
  const p0 = procs();
  const s0 = stat();
  const u0 = process.cpuUsage();
  const result = await movementLoad({
    base: api.base,
    cookies,
    managedBy: [2, 3, 4, 5, 6, 7, 8, 9],
    pairs,
    connections: 8,
    seconds: 8,
  });
  const s1 = stat();
  const d = s1.map((v, i) => v - (s0[i] ?? 0));
  const total = d.reduce((a, b) => a + b, 0);
  const u1 = process.cpuUsage(u0);
  console.log(
    "machine busy",
    (1 - ((d[3] ?? 0) + (d[4] ?? 0)) / total).toFixed(2),
    "of 2 cores; bench process cores",
    ((u1.user + u1.system) / 8e6).toFixed(2),
  );
  const p1 = procs();
  console.log(
    [...p1]
      .map(([k, v]) => [k, (v - (p0.get(k) ?? 0)) / 800])
      .filter(([, v]) => (v as number) > 0.02)
      .sort((a, b) => (b[1] as number) - (a[1] as number)),
  );
  sampling = false;
  await sampler;
  console.log(result.rps, result.latencyMs, result.statusCounts);
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(v, k);
  }
  await client.end();
} finally {
  await api.stop();
}
