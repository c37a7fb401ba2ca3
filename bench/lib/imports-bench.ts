import pg from "pg";
import copyStreams from "pg-copy-streams";
import type { LoadedDataset } from "./dataset.ts";
import { ledgerViolations } from "./db.ts";
import { CSRF, type RunningApi, sampleRss } from "./http.ts";
import { importCsv, postImport } from "./imports.ts";
import { log } from "./run-config.ts";
import { round } from "./stats.ts";

/** COPY of the same rows: into a staging table, then set-based into items, movements and balances; rolled back. */
async function copyAnchor(url: string, csv: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(`create temp table stage (item_no text, name text, description text, type text, unit text,
      unit_price text, min_quantity text, quantity text, warehouse text, shelf text, section text) on commit drop`);
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyStreams.from("copy stage from stdin with (format csv, header true)"));
      stream.on("finish", resolve);
      stream.on("error", reject);
      stream.end(csv);
    });
    const copyMs = performance.now() - t0;
    await client.query(`insert into items (item_no, name, description, type, unit, unit_price, min_quantity)
      select distinct on (item_no) item_no, name, description, type, unit, unit_price::numeric, min_quantity::numeric
      from stage where name <> '' order by item_no`);
    await client.query(`insert into stock_movements (type, item_id, quantity, unit, to_location_id, reason, created_by)
      select 'received', i.id, s.quantity::numeric, i.unit, l.id, 'Bulk upload', 1
      from stage s join items i on i.item_no = s.item_no and i.archived_at is null
      join warehouses w on w.name = s.warehouse
      join locations l on l.warehouse_id = w.id and l.shelf = s.shelf and coalesce(l.section, '') = s.section
      where s.quantity::numeric > 0`);
    await client.query(`insert into stock_balances (item_id, location_id, quantity)
      select m.item_id, m.to_location_id, sum(m.quantity) from stock_movements m
      join items i on i.id = m.item_id where i.item_no like 'IMP-%' group by 1, 2
      on conflict (item_id, location_id) do update set quantity = stock_balances.quantity + excluded.quantity`);
    const totalMs = performance.now() - t0;
    await client.query("rollback");
    return { copyOnlyMs: round(copyMs), copyPlusSetBasedMs: round(totalMs) };
  } finally {
    await client.end();
  }
}

/** The CSV upload of `rows` rows, preview then commit, with the API's memory, against COPY of the same rows. */
export async function importsBenchmark(
  api: RunningApi,
  url: string,
  adminCookie: string,
  dataset: LoadedDataset,
  rows: number,
) {
  const probe = await fetch(`${api.base}/api/imports/preview?fileName=probe.csv`, {
    method: "POST",
    headers: { "content-type": "text/csv", cookie: adminCookie, ...CSRF },
    body: "Item Number\n",
  });
  if (probe.status === 404) {
    return { status: "not built yet" };
  }
  const { csv, items } = importCsv(rows, dataset);
  const bytes = Buffer.byteLength(csv);
  log(`imports: ${rows} rows, ${items} items, ${round(bytes / 1024 / 1024, 2)} MB`);
  const anchor = await copyAnchor(url, csv);
  // The API process's memory while it takes in, checks and saves the file (issue: stays bounded).
  const rss = sampleRss(api.pid, 100);
  const preview = await postImport(api.base, adminCookie, "preview", csv);
  log(`imports: preview ${preview.status} in ${preview.ms} ms`);
  const commit = await postImport(api.base, adminCookie, "commit", csv);
  const memory = rss.stop();
  log(`imports: commit ${commit.status} in ${commit.ms} ms (COPY anchor ${anchor.copyPlusSetBasedMs} ms)`);
  log(`imports: API process VmRSS max ${memory.maxMb} MB during preview and commit`);
  const check = await ledgerViolations(url);
  return {
    status: "measured",
    rows: rows,
    items,
    bytes,
    anchor,
    preview: {
      status: preview.status,
      ms: preview.ms,
      ...(preview.status === 200 ? {} : { body: preview.body }),
    },
    commit: { status: commit.status, ms: commit.ms, ...(commit.status === 201 ? {} : { body: commit.body }) },
    commitRatio: commit.ms / anchor.copyPlusSetBasedMs,
    rssMb: memory,
    violationsAfter: check.violations.length,
  };
}
