import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { requireUser } from "../../http/request-guard.ts";
import { isSessionLive } from "../auth/sessions.service.ts";
import { type ChangeEvent, RESYNC_EVENT, SESSION_ENTITY } from "./change-events.ts";

const HEARTBEAT_MS = 20_000;

/**
 * GET /api/events: Server-Sent Events for signed-in browsers. Each committed write arrives as
 * `data: {entity, id, action}`; a comment line every 20 s keeps proxies from closing the stream, and
 * `retry` tells the browser how soon to reconnect. Streams end when the server shuts down, and when
 * their session ends: the session is checked again every `config.session.streamCheckMs` (expiry),
 * and at once when any process announces that the user's sessions ended (sign-out, password change
 * or reset, the account archived) or when events may have been missed. A stream whose session has
 * ended gets `event: end` and is closed; the browser's reconnection then meets a 401.
 */
export function eventsRoutes({ events, db, clock, config }: AppDeps): FastifyPluginAsyncZod {
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
        const user = requireUser(request);
        const tokenHash = request.sessionTokenHash;
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

        let checking = false;
        const checkSession = async () => {
          if (checking || !open.has(close)) {
            return;
          }
          checking = true;
          try {
            if (!tokenHash || !(await isSessionLive(db, { clock, config }, tokenHash))) {
              response.write(`event: end\ndata: {"reason":"session"}\n\n`);
              close();
            }
          } catch (error) {
            // The database is unreachable: the stream carries no data and no event reaches it while
            // the database is away; the next check decides.
            request.log.warn({ err: error }, "event stream: session check failed");
          } finally {
            checking = false;
          }
        };
        const mine = String(user.id);
        const send = (event: ChangeEvent) => {
          if (event.entity === SESSION_ENTITY) {
            if (event.id === mine) {
              void checkSession();
            }
            return;
          }
          if (event === RESYNC_EVENT || (event.entity === "user" && event.id === mine)) {
            void checkSession();
          }
          response.write(`data: ${JSON.stringify(event)}\n\n`);
        };
        const unsubscribe = events.subscribe(send);
        const heartbeat = setInterval(() => response.write(": heartbeat\n\n"), HEARTBEAT_MS);
        const sessionCheck = setInterval(() => void checkSession(), config.session.streamCheckMs);
        const close = () => {
          if (!open.delete(close)) {
            return;
          }
          clearInterval(heartbeat);
          clearInterval(sessionCheck);
          unsubscribe();
          response.end();
        };
        open.add(close);
        request.raw.on("close", close);
      },
    );
  };
}
