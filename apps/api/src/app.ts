import { randomUUID } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import type { AppDeps } from "./app-deps.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import { registerFaultInjection } from "./http/fault-injection.ts";
import { serverLogDestination } from "./http/log-destination.ts";
import { registerRequestGuard } from "./http/request-guard.ts";
import { readSessionToken } from "./http/session-cookie.ts";
import { registerSpa } from "./http/spa.ts";
import type { Clock } from "./lib/clock.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { SessionCache } from "./modules/auth/session-cache.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { onEveryChange } from "./modules/events/change-publisher.ts";
import { EventBus } from "./modules/events/event-bus.ts";
import { eventsRoutes } from "./modules/events/events.routes.ts";
import { importsRoutes } from "./modules/imports/imports.routes.ts";
import { itemsRoutes } from "./modules/items/items.routes.ts";
import { locationsRoutes } from "./modules/locations/locations.routes.ts";
import { movementsRoutes } from "./modules/movements/movements.routes.ts";
import { purchasesRoutes } from "./modules/purchases/purchases.routes.ts";
import { reportsRoutes } from "./modules/reports/reports.routes.ts";
import { setupRoutes } from "./modules/setup/setup.routes.ts";
import { staffRoutes } from "./modules/staff/staff.routes.ts";
import { docsRoutes } from "./modules/system/docs.routes.ts";
import { healthRoutes } from "./modules/system/health.routes.ts";
import { warehouseGridRoutes } from "./modules/warehouses/warehouse-grid.routes.ts";
import { warehousesRoutes } from "./modules/warehouses/warehouses.routes.ts";

export interface BuildAppOptions {
  database: Database;
  clock: Clock;
  config: Config;
  /** Serve the built web app (off in API tests that do not need it). */
  serveWeb?: boolean;
  /** How long a session read from the database is reused (default SESSION_CACHE_MS); tests lengthen it. */
  sessionCacheMs?: number;
}

const ONE_MEGABYTE = 1_048_576;

/** Builds the whole HTTP application without listening, so tests drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database, clock, config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
        remove: true,
      },
      stream: serverLogDestination(config.logLevel),
    },
    trustProxy: config.trustProxy,
    bodyLimit: ONE_MEGABYTE,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One concise line per request (below) instead of Fastify's two verbose ones.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON is the only body the API reads: text/plain (a "simple" cross-site form type) gets 415.
  app.removeContentTypeParser("text/plain");

  // Compress answers over 1 KB (the web app's assets, lists, reports); an event stream is written
  // straight to the socket and never buffered by this.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(fastifyCookie);
  // Security headers, built once: @fastify/helmet builds helmet's middleware afresh on every request
  // (a twentieth of a movement's time in the API).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine's style props become style attributes, and its responsive ones style elements made at
        // run time (the theme's variables no longer are: decision 024).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // helmet only ever passes an Error here (from a header it could not set).
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.appTitle} API`, version: "1.0.0" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "wms_session" } } },
    },
    transform: jsonSchemaTransform,
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (request.url.startsWith("/api")) {
      reply.header("cache-control", "no-store");
    }
  });

  registerErrorHandler(app);
  if (config.faultInjection) {
    registerFaultInjection(app); // test-only hooks (WMS_FAULT_INJECTION=1), before the routes
  }
  const events = new EventBus(database.url, app.log);
  await events.start();
  app.addHook("onClose", async () => events.stop());
  const sessionCache = new SessionCache(() => events.connected, options.sessionCacheMs);
  const stopHearingChanges = onEveryChange(events, (change) => sessionCache.apply(change));
  app.addHook("onClose", async () => stopHearingChanges());
  const deps: AppDeps = { database, db: database.db, clock, config, events, sessionCache };
  registerRequestGuard(app, deps);

  await app.register(healthRoutes(deps));
  await app.register(docsRoutes());
  await app.register(setupRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(staffRoutes(deps));
  await app.register(warehousesRoutes(deps));
  await app.register(warehouseGridRoutes(deps));
  await app.register(itemsRoutes(deps));
  await app.register(importsRoutes(deps));
  await app.register(movementsRoutes(deps));
  await app.register(purchasesRoutes(deps));
  await app.register(locationsRoutes(deps));
  await app.register(reportsRoutes(deps));
  await app.register(eventsRoutes(deps));
  await app.register(auditRoutes(deps));

  if (options.serveWeb ?? true) {
    await registerSpa(app, config.webDistDir, {
      signedIn: (request) => readSessionToken(request, config) !== undefined,
    });
  } else {
    await registerSpa(app, "/nonexistent");
  }
  await app.ready();
  return app;
}
