import type { SessionUser } from "@wms/domain";

/**
 * Who may call a route. Every /api route must declare one (deny by default): 'public' needs nobody,
 * 'user' any signed-in account, 'admin' an administrator. The route-access test walks this table.
 */
export type Access = "public" | "user" | "admin";

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** A long-lived stream (Server-Sent Events): answered with headers, then kept open. */
  stream?: boolean;
  /** The route reads a JSON body (its schema declares one); the security suite sends each one hostile bodies. */
  body?: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable by an account that must first choose a new password (sign-out, the change itself). */
    allowedBeforePasswordChange?: boolean;
    /** The route answers with a long-lived stream. */
    stream?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    routeAccessTable: RouteAccess[];
  }
}
