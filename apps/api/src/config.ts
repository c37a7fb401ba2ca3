import path from "node:path";
import { DEFAULT_TIME_ZONE } from "@wms/domain";
import { z } from "zod";
import { WEB_DIST_DIR } from "./package-paths.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: z.url("must be an absolute URL such as https://wms.example.com").optional(),
  TRUST_PROXY: booleanFlag.default(false),
  APP_TITLE: z.string().trim().min(1).max(80).default("WMS Control Panel"),
  COMPANY_NAME: z.string().trim().min(1).max(120).default("Tea & Food Trading LLC"),
  BUSINESS_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isValidTimeZone, "must be an IANA time zone such as Asia/Dubai"),
  ADMIN_EMAIL: z.email("must be an email address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(256).optional(),
  ADMIN_NAME: z.string().trim().min(1).max(120).default("Administrator"),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The web app's production build to serve; the benchmark serves builds of its own. */
  WEB_DIST_DIR: z.string().min(1).default(WEB_DIST_DIR),
  /** Test-only: enables the x-wms-fault request header of http/fault-injection.ts. Never set in production. */
  WMS_FAULT_INJECTION: booleanFlag.default(false),
});

export type Config = ReturnType<typeof toConfig>;

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function toConfig(env: z.infer<typeof EnvSchema>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    appTitle: env.APP_TITLE,
    companyName: env.COMPANY_NAME,
    businessTimeZone: env.BUSINESS_TIME_ZONE,
    initialAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME }
        : undefined,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
      /** Cookies are Secure (and take the __Host- prefix) only when the public address is HTTPS. */
      secureCookie: env.PUBLIC_URL?.startsWith("https://") ?? false,
      /** How often an open event stream checks that its session is still live (expiry). */
      streamCheckMs: 30_000,
    },
    logLevel: env.LOG_LEVEL,
    faultInjection: env.WMS_FAULT_INJECTION,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** Parses the environment once at start and names every bad variable, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const problems: string[] = [];
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push("ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither");
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return toConfig(result.data);
}
