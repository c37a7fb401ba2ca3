import { connectionOf, type Tx } from "./client.ts";
import { type PipelineClient, sendPipelined, valuesOrFirstFailure } from "./pipeline-mode.ts";

/** Sends one statement on the transaction (calls a query function of it) and answers its promise. */
export type Send<T = unknown> = () => Promise<T>;

/**
 * Sends statements of a transaction pipelined (sendPipelined): one round trip for all of them.
 *
 * Only for statements that do not depend on each other's answers, and whose every failure is an
 * error (never an answer the caller would have to look at before sending the next). After a failed
 * statement the transaction is aborted and the rest fail too, so the first failure in the order sent
 * is the one thrown: the caller's transaction then rolls back as usual.
 */
export async function pipelined<T>(tx: Tx, sends: ReadonlyArray<Send<T>>): Promise<T[]> {
  return valuesOrFirstFailure(await sendPipelined(connectionOf(tx) as PipelineClient, sends));
}
