import { type DashboardSummary, RECENT_MOVEMENTS_LIMIT, type SessionUser } from "@wms/domain";
import type { AppDeps } from "../../app-deps.ts";
import { inReadSnapshot } from "../../db/transaction.ts";
import { countLiveItems } from "../items/items.repository.ts";
import {
  countMovementsSince,
  countUserMovementsToday,
  latestMovementRows,
} from "../movements/movements.repository.ts";
import { toMovementView } from "../movements/movements.service.ts";
import { countLiveUsers } from "../users/users.repository.ts";
import { countLiveWarehouses } from "../warehouses/warehouses.repository.ts";

const RECENT_WINDOW_MS = 30 * 24 * 3_600_000;

/**
 * The dashboard's cards and its latest movements, from one snapshot, so the Recent Movements card and
 * the list agree; one read after another, without parallel workers (inReadSnapshot). Read side by
 * side on six connections, workers and all, the answer took 120-440 ms on the benchmark's ledger of
 * 1.2 million movements (decision 026).
 */
export async function dashboardSummary(
  { db, clock, config }: Pick<AppDeps, "db" | "clock" | "config">,
  user: SessionUser,
): Promise<DashboardSummary> {
  return inReadSnapshot(db, async (tx) => {
    const itemCount = await countLiveItems(tx);
    const staffCount = await countLiveUsers(tx, "staff");
    const warehouseCount = await countLiveWarehouses(tx);
    const since = new Date(clock.now().getTime() - RECENT_WINDOW_MS);
    const recentMovementCount = await countMovementsSince(tx, since);
    const latest = await latestMovementRows(tx, RECENT_MOVEMENTS_LIMIT);
    const myMovementsToday = await countUserMovementsToday(tx, user.id, config.businessTimeZone);
    return {
      itemCount,
      staffCount,
      warehouseCount,
      recentMovementCount,
      recentMovements: latest.map((row) => toMovementView(row, user)),
      myMovementsToday,
    };
  });
}
