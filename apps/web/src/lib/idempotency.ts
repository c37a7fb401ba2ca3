import { useCallback, useRef } from "react";

/** The header that makes a retried POST count once (product-decisions 22). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * A fresh random key. crypto.randomUUID exists only in secure contexts (https, localhost); a plain-http
 * address on the warehouse network still has getRandomValues, so the key is built from that there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * One key per submission: `keyFor(body)` gives the same key while the same body is sent again (a retry
 * after a network failure, a double click) and a new one when the content changed; `renew()` after a
 * success, so the next submission of the same content is a new one.
 */
export function useIdempotencyKey() {
  const last = useRef<{ key: string; body: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const serialized = JSON.stringify(body);
    if (last.current?.body !== serialized) {
      last.current = { key: newIdempotencyKey(), body: serialized };
    }
    return last.current.key;
  }, []);
  const renew = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, renew };
}
