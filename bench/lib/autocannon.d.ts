/**
 * The part of autocannon 9 the benchmark uses. (DefinitelyTyped's @types/autocannon describes version 7,
 * where the instance is not also the promise of its result.)
 */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; what it returns is sent. */
    setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
  }

  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }

  interface Result {
    /** Seconds the run took. */
    duration: number;
    errors: number;
    timeouts: number;
  }

  /** Emits "response" (client, statusCode, resBytes, responseTime in ms) for every answer. */
  interface Instance extends EventEmitter, PromiseLike<Result> {}

  export default function autocannon(options: Options): Instance;
}
