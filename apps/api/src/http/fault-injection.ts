import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import pg from "pg";

/**
 * TEST-ONLY fault injection for the fault runs (apps/api/test/faults, `npm run test:faults`).
 * buildApp registers it only when WMS_FAULT_INJECTION=1 (config.faultInjection); normal runs never
 * load these hooks. A request opts in with the header `x-wms-fault`:
 *
 * - `exit-after-commit`: once a POST handler has finished with a 2xx status (its transaction is
 *   committed), the process kills itself with SIGKILL before a byte of the answer is written (F5).
 * - `slow-writes=<ms>`: every INSERT/UPDATE/DELETE this request sends to PostgreSQL waits <ms> first,
 *   so a test can kill -9 the process while the request's transaction is open (F1, F3).
 * - `hold-after=<table>`: once this request's `insert into <table>` (alone or inside a WITH) has run, its next statement waits
 *   a minute, so the kill lands at exactly that point however slow the machine is (F1).
 * Options combine with `;`, e.g. `slow-writes=25;hold-after=stock_movements`.
 */
export const FAULT_HEADER = "x-wms-fault";

interface RequestFault {
  slowWritesMs: number;
  holdAfterTable?: string;
  holding: boolean;
}
const requestFault = new AsyncLocalStorage<RequestFault>();
const HOLD_MS = 60_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let clientPatched = false;
/**
 * Per connection, the last delayed statement not yet handed to pg: a statement sent after it waits
 * for it, so a delay never reorders a transaction's statements (a COMMIT sent with the last statement,
 * or one of a pipeline, would otherwise go before the write it follows).
 */
const delayedOn = new WeakMap<object, Promise<void>>();

/** Wraps pg.Client#query once: statements wait when the calling request asked for slow writes or a hold. */
function delayWritesOfSlowRequests(): void {
  if (clientPatched) {
    return;
  }
  clientPatched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const delayed = function (this: pg.Client, ...args: unknown[]) {
    const fault = requestFault.getStore();
    if (!fault) {
      return original.apply(this, args);
    }
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    // A write: a plain one, or a WITH statement that writes (the stock service's movements and audit).
    const isWrite = /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\b(insert\s+into|delete\s+from)\b/i.test(
      text,
    );
    const delay = (fault.holding ? HOLD_MS : 0) + (isWrite ? fault.slowWritesMs : 0);
    if (
      fault.holdAfterTable &&
      new RegExp(`(?:^|[\\s(])insert into ${fault.holdAfterTable}\\b`, "i").test(text)
    ) {
      // The request awaits this statement before its next one, so flagging now holds exactly that next one.
      fault.holding = true;
    }
    const behind = delayedOn.get(this);
    if (delay === 0 && behind === undefined) {
      // Untouched: a submittable (COPY stream, cursor) must get the client's own return value.
      return original.apply(this, args);
    }
    let handedOver = () => {};
    const queued = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    delayedOn.set(this, queued);
    return (behind ?? Promise.resolve())
      .then(() => wait(delay))
      .then(() => {
        try {
          return original.apply(this, args);
        } finally {
          handedOver();
          if (delayedOn.get(this) === queued) {
            delayedOn.delete(this);
          }
        }
      });
  };
  pg.Client.prototype.query = delayed as unknown as typeof pg.Client.prototype.query;
}

function parseFault(header: string | string[] | undefined): RequestFault | undefined {
  if (typeof header !== "string") {
    return undefined;
  }
  const slow = /(?:^|;)slow-writes=(\d{1,4})(?:;|$)/.exec(header);
  const hold = /(?:^|;)hold-after=([a-z_]{1,63})(?:;|$)/.exec(header);
  if (!slow && !hold) {
    return undefined;
  }
  return { slowWritesMs: slow ? Number(slow[1]) : 0, holdAfterTable: hold?.[1], holding: false };
}

export function registerFaultInjection(app: FastifyInstance): void {
  app.log.warn(
    "Fault injection is ON (WMS_FAULT_INJECTION=1): for the fault tests only, never in production",
  );
  delayWritesOfSlowRequests();
  app.addHook("onRequest", (request, _reply, done) => {
    const fault = parseFault(request.headers[FAULT_HEADER]);
    if (fault) {
      requestFault.run(fault, done);
    } else {
      done();
    }
  });
  app.addHook("onSend", async (request, reply) => {
    const committed = request.method === "POST" && reply.statusCode >= 200 && reply.statusCode < 300;
    if (committed && request.headers[FAULT_HEADER] === "exit-after-commit") {
      process.kill(process.pid, "SIGKILL");
    }
  });
}
