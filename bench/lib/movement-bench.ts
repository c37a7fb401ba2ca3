import { cpuCheckMs } from "./cpu-check.ts";
import { ADMIN_EMAIL, BENCH_PASSWORD, type LoadedDataset, rng, STAFF_COUNT, staffEmail } from "./dataset.ts";
import { ledgerViolations, query } from "./db.ts";
import { type HostCpuShares, withHostCpu } from "./host-cpu.ts";
import {
  type MovementLoadResult,
  type MovePair,
  movementLoad,
  type RunningApi,
  sampleRss,
  sessionFloor,
  signIn,
} from "./http.ts";
import { pgbenchMovementReplay, type ReplayResult } from "./movement-replay.ts";
import { type CpuByProcess, type LoadProcesses, postmasterPid, withProcessCpu } from "./process-cpu.ts";
import { CONNECTIONS, log, type RunConfig } from "./run-config.ts";
import { round } from "./stats.ts";

/** The staff members' user ids: the dataset creates the administrator first, then the staff. */
const STAFF_IDS = Array.from({ length: STAFF_COUNT }, (_, i) => i + 2);

/** Where pgbench reaches the database under test (its database named per run). */
export interface PgbenchTarget {
  host: string;
  port: number;
  user: string;
}

export interface BenchDatabase {
  url: string;
  dataset: LoadedDataset;
}

/** Sign in the administrator and every staff member; returns cookies and the staff user ids. */
async function signInAll(base: string) {
  const admin = await signIn(base, "admin", ADMIN_EMAIL, BENCH_PASSWORD);
  const staff: string[] = [];
  for (let n = 1; n <= STAFF_COUNT; n++) {
    staff.push(await signIn(base, "staff", staffEmail(n), BENCH_PASSWORD));
  }
  return { admin, staff, staffIds: STAFF_IDS };
}

/** 200 distinct items, each held (>= 5 units) at one position, paired with another grid position. */
async function movePairs(url: string, dataset: LoadedDataset): Promise<MovePair[]> {
  const rows = await query<{ item_id: number; location_id: number; warehouse_id: number }>(
    url,
    `select distinct on (b.item_id) b.item_id, b.location_id, l.warehouse_id
     from stock_balances b join locations l on l.id = b.location_id
     where b.quantity >= 5 and l.kind = 'grid'
     order by b.item_id, b.quantity desc limit 200`,
  );
  const r = rng(99);
  return rows.map((row) => {
    const choices = (dataset.locationsByWarehouse.get(row.warehouse_id) ?? []).filter(
      (l) => l.id !== row.location_id && l.section !== null,
    );
    return { itemId: row.item_id, a: row.location_id, b: r.pick(choices).id };
  });
}

/** The movement POST at CONNECTIONS clients, its memory, the ledger after it, and the HTTP floor beside it. */
export async function movementBenchmark(
  label: string,
  api: RunningApi,
  db: BenchDatabase,
  config: RunConfig,
) {
  const { url, dataset } = db;
  const sessions = await signInAll(api.base);
  const pairs = await movePairs(url, dataset);
  const load = {
    base: api.base,
    cookies: sessions.staff,
    managedBy: sessions.staffIds,
    pairs,
    connections: CONNECTIONS,
  };
  log(`${label}: warm-up ${config.warmupSeconds} s`);
  await movementLoad({ ...load, seconds: config.warmupSeconds });
  log(`${label}: ${CONNECTIONS} clients posting movements for ${config.loadSeconds} s`);
  const rss = sampleRss(api.pid);
  const measured = await movementLoad({ ...load, seconds: config.loadSeconds });
  const memory = rss.stop();
  const check = await ledgerViolations(url);
  const floor = await sessionFloor({
    base: api.base,
    cookie: sessions.staff[0] ?? "",
    connections: CONNECTIONS,
    seconds: Math.max(5, Math.round(config.loadSeconds / 3)),
  });
  log(`${label}: HTTP floor (GET /api/session) ${floor.rps} requests/s, p95 ${floor.latencyMs.p95} ms`);
  const cpuMsPerRequest = round(memory.cpuMs / Math.max(1, measured.requests), 2);
  log(
    `${label}: API process CPU ${memory.cpuCores} cores, ${cpuMsPerRequest} ms per request; load generator ${measured.generatorCpuMsPerRequest} ms per request; status ${JSON.stringify(measured.statusCounts)}`,
  );
  log(
    `${label}: ${measured.rps} movements/s, p95 ${measured.latencyMs.p95} ms, RSS max ${memory.maxMb} MB, violations ${check.violations.length}`,
  );
  return {
    ...measured,
    rssMb: memory,
    apiCpuMsPerRequest: cpuMsPerRequest,
    violations: check.violations.length,
    violationSample: check.violations.slice(0, 5),
    floor,
    checkMs: check.ms,
    sessions,
  };
}

/**
 * One side of an alternating round, with the machine's speed just before it, its CPU during it and
 * the load processes' CPU a movement.
 */
interface HostRound<T> {
  value: T;
  cpuCheckMs: number;
  host?: HostCpuShares;
  byProcess?: CpuByProcess;
}

/**
 * Runs one side of a round after a CPU check (about 0.1 s of one core) and reads the machine's CPU
 * over it: a round the hypervisor gave to a neighbour shows as steal, one slowed by a neighbour on a
 * core's sibling thread as a slower check. With `processes`, also each one's CPU a movement.
 */
async function hostRound<T>(
  work: () => Promise<T>,
  processes?: { pids: LoadProcesses; movements: (value: T) => number },
): Promise<HostRound<T>> {
  const cpuCheck = cpuCheckMs();
  const { value: measured, host } = await withHostCpu(() =>
    processes
      ? withProcessCpu(processes.pids, work, processes.movements)
      : work().then((value) => ({ value, byProcess: undefined })),
  );
  return { value: measured.value, cpuCheckMs: cpuCheck, host, byProcess: measured.byProcess };
}

const machineNote = (round: HostRound<unknown>) =>
  `CPU check ${round.cpuCheckMs} ms, steal ${round.host ? `${round.host.stealPct}%` : "not read"}`;

/**
 * The movement POST against the replay of its own SQL (decision 013), in rounds that alternate the two,
 * each with fresh pairs: on these shared machines the speed drifts by a tenth or more within a minute,
 * so a ratio of two runs a minute apart measured the drift as much as the API. The ratio is of the
 * rounds' mean rates; the ledger invariants are checked after the last round.
 */
export async function movementAgainstReplay(
  api: RunningApi,
  db: BenchDatabase,
  sessions: { staff: string[]; staffIds: number[] },
  config: RunConfig,
  pgbench: PgbenchTarget,
) {
  const seconds = Math.max(5, Math.round(config.loadSeconds / 3));
  const target = {
    url: db.url,
    ...pgbench,
    database: new URL(db.url).pathname.slice(1),
    clients: CONNECTIONS,
    seconds,
    staffIds: STAFF_IDS,
  };
  const load = {
    base: api.base,
    cookies: sessions.staff,
    managedBy: sessions.staffIds,
    connections: CONNECTIONS,
  };
  // The API served reports and search since its movement run: its movement path is warmed again first.
  await movementLoad({ ...load, pairs: await movePairs(db.url, db.dataset), seconds: config.warmupSeconds });
  const databasePid = await postmasterPid(db.url);
  const pids = (apiPid?: number) =>
    databasePid === undefined
      ? undefined
      : { databasePid, clientPid: process.pid, ...(apiPid ? { apiPid } : {}) };
  const replayPids = pids();
  const postPids = pids(api.pid);
  const replayRounds: Array<HostRound<ReplayResult>> = [];
  const postRounds: Array<HostRound<MovementLoadResult>> = [];
  for (let n = 0; n < config.replayRounds; n++) {
    log(`replay round ${n + 1}: pgbench, a movement's own SQL, -c ${CONNECTIONS} -T ${seconds}`);
    const replayPairs = await movePairs(db.url, db.dataset);
    const replay = await hostRound(
      () => pgbenchMovementReplay({ ...target, pairs: replayPairs }),
      replayPids && { pids: replayPids, movements: (r) => r.movementsPerSecond * r.seconds },
    );
    replayRounds.push(replay);
    log(`replay round ${n + 1}: the API, ${CONNECTIONS} clients posting movements for ${seconds} s`);
    const postPairs = await movePairs(db.url, db.dataset);
    const post = await hostRound(
      () => movementLoad({ ...load, pairs: postPairs, seconds }),
      postPids && { pids: postPids, movements: (p) => p.rps * p.durationS },
    );
    postRounds.push(post);
    log(
      `replay round ${n + 1}: ${replay.value.movementsPerSecond} movements/s replayed (${machineNote(replay)}), ${post.value.rps} posted (${machineNote(post)})`,
    );
  }
  const replays = replayRounds.map((round) => round.value);
  const posts = postRounds.map((round) => round.value);
  const check = await ledgerViolations(db.url);
  log(`replay rounds: ledger violations after them ${check.violations.length}`);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const first = replays[0] as ReplayResult;
  const apiRps = mean(posts.map((p) => p.rps));
  const replayRps = mean(replays.map((r) => r.movementsPerSecond));
  return {
    // Of the unrounded means: the budget's verdict is taken on it.
    ratio: apiRps / replayRps,
    replay: {
      ...first,
      seconds: seconds * config.replayRounds,
      movementsPerSecond: Math.round(replayRps),
      latencyAvgMs: round(mean(replays.map((r) => r.latencyAvgMs)), 3),
      failed: replays.reduce((sum, r) => sum + r.failed, 0),
      rounds: replays.map((r) => r.movementsPerSecond),
      roundsHostCpu: replayRounds.map((round) => round.host),
      roundsCpuCheckMs: replayRounds.map((round) => round.cpuCheckMs),
      roundsCpuByProcess: replayRounds.map((round) => round.byProcess),
      violations: check.violations.length,
    },
    api: {
      rps: round(apiRps),
      rounds: posts.map((p) => p.rps),
      non2xx: posts.reduce((sum, p) => sum + p.non2xx, 0),
      p95Ms: posts.map((p) => p.latencyMs.p95),
      generatorCpuMsPerRequest: posts.map((p) => p.generatorCpuMsPerRequest),
      roundsHostCpu: postRounds.map((round) => round.host),
      roundsCpuCheckMs: postRounds.map((round) => round.cpuCheckMs),
      roundsCpuByProcess: postRounds.map((round) => round.byProcess),
    },
  };
}
