import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { type ProgressRow, startProgress, updateProgress } from "./imports.repository.ts";

/**
 * Writes the stored progress from the pool (its own connection, outside the upload's transaction) so
 * other requests and processes see it while the transaction is open. Updates are chained, never
 * awaited by the work itself: a busy pool delays the figure, not the upload.
 */
export class ProgressReporter {
  private chain: Promise<void> = Promise.resolve();
  total = 0;

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    private readonly key: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): Promise<void> {
    return startProgress(this.db, this.userId, this.key);
  }

  report(phase: ProgressRow["phase"], processed: number, message: string | null = null): void {
    const total = this.total;
    this.chain = this.chain
      .then(() => updateProgress(this.db, this.userId, this.key, { phase, processed, total, message }))
      .catch((error: unknown) => this.log.warn({ err: error }, "import progress not stored"));
  }

  settled(): Promise<void> {
    return this.chain;
  }
}
