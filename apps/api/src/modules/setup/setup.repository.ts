import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { setupTokens } from "../../db/schema/index.ts";

export async function insertSetupToken(db: DbOrTx, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(setupTokens).values({ tokenHash, expiresAt });
}

export async function isSetupTokenValid(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, tokenHash), gt(setupTokens.expiresAt, now)));
  return rows.length > 0;
}

export async function deleteSetupTokens(db: DbOrTx): Promise<void> {
  await db.delete(setupTokens);
}
