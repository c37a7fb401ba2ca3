import pg from "pg";
import { CHANGE_CHANNEL, type ChangeEvent, ChangeEventSchema, RESYNC_EVENT } from "./change-events.ts";

type Listener = (event: ChangeEvent) => void;

interface Logger {
  warn(object: unknown, message: string): void;
  info(object: unknown, message: string): void;
}

/**
 * This process's end of the change-event channel: one dedicated connection LISTENs and fans events out
 * to the subscribed browsers' streams. When that connection drops it reconnects with backoff and
 * tells every subscriber to refetch, since events may have been missed meanwhile.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 250;
  private closed = false;
  connected = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    await this.client?.end().catch(() => {});
  }

  private emit(event: ChangeEvent): void {
    for (const listener of this.listeners) {
      listener(event);
    }
  }

  private async connect(): Promise<void> {
    // Keepalive: a LISTEN connection only reads, so without it a half-open connection would go
    // silent (no events, no error) until the operating system gave up on it.
    const client = new pg.Client({
      connectionString: this.url,
      application_name: "wms-events",
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on("notification", (message) => {
      const parsed = ChangeEventSchema.safeParse(JSON.parse(message.payload ?? "null"));
      if (parsed.success) {
        this.emit(parsed.data);
      }
    });
    const lost = (error?: Error) => {
      if (this.client !== client || this.closed) {
        return;
      }
      this.connected = false;
      this.client = undefined;
      this.log.warn({ err: error }, "change-event connection lost; reconnecting");
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      if (this.closed) {
        return;
      }
      this.log.warn({ err: error }, "change-event connection failed; retrying");
      this.scheduleReconnect();
      return;
    }
    const wasReconnect = this.retryDelayMs > 250;
    this.client = client;
    this.connected = true;
    this.retryDelayMs = 250;
    if (wasReconnect) {
      this.log.info({}, "change-event connection restored");
      this.emit(RESYNC_EVENT);
    }
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    const delay = this.retryDelayMs;
    this.retryDelayMs = Math.min(delay * 2, 5_000);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
