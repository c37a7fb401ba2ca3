import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { Clock } from "./lib/clock.ts";
import type { SessionCache } from "./modules/auth/session-cache.ts";
import type { EventBus } from "./modules/events/event-bus.ts";

/** What every module is built from: no module reaches for globals. */
export interface AppDeps {
  database: Database;
  db: Db;
  clock: Clock;
  config: Config;
  /** Change events of committed writes, from every API process on this database. */
  events: EventBus;
  /** Sessions this process has just read (see SessionCache). */
  sessionCache: SessionCache;
}
