/**
 * A value computed on demand and kept for `ttlMs`, or until `invalidate()`. Used for figures that are
 * costly to compute and shown often (the low-stock count on every item list), invalidated by the
 * change events every API process hears, so no process serves a figure another has made stale.
 */
export class CachedValue<T> {
  private value: Promise<T> | undefined;
  private expiresAt = 0;

  constructor(private readonly ttlMs: number) {}

  get(compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    if (!this.value || now >= this.expiresAt) {
      const pending = compute();
      this.value = pending;
      this.expiresAt = now + this.ttlMs;
      pending.catch(() => {
        if (this.value === pending) {
          this.value = undefined;
        }
      });
    }
    return this.value;
  }

  invalidate(): void {
    this.value = undefined;
  }
}
