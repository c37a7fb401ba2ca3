import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import type { ChangeEvent } from "./change-events.ts";

const HEARTBEAT_MS = 20_000;

/**
 * GET /api/events: Server-Sent Events for signed-in browsers. Each committed write arrives as
 * `data: {entity, id, action}`; a comment line every 20 s keeps proxies from closing the stream, and
 * `retry` tells the browser how soon to reconnect. Streams end when the server shuts down.
 */
export function eventsRoutes({ events }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<() => void>();
    app.addHook("preClose", async () => {
      for (const close of [...open]) {
        close();
      }
    });

    app.get(
      "/api/events",
      { config: { access: "user", stream: true }, schema: { tags: ["events"], hide: true } },
      async (request, reply) => {
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          connection: "keep-alive",
          "x-accel-buffering": "no",
          "x-content-type-options": "nosniff",
        });
        response.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
        const send = (event: ChangeEvent) => response.write(`data: ${JSON.stringify(event)}\n\n`);
        const unsubscribe = events.subscribe(send);
        const heartbeat = setInterval(() => response.write(": heartbeat\n\n"), HEARTBEAT_MS);
        const close = () => {
          if (!open.delete(close)) {
            return;
          }
          clearInterval(heartbeat);
          unsubscribe();
          response.end();
        };
        open.add(close);
        request.raw.on("close", close);
      },
    );
  };
}
