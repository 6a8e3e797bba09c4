/**
 * Verified tokens, kept in the process for a few seconds so that an ordinary request costs no
 * database round trip for authentication.
 *
 * It stays exact because every change that could end a session or alter a user's permissions
 * evicts that user's entries:
 *   - the server's own writes (logout, staff-user update or deactivation, password reset) call
 *     `invalidateUser` right after their transaction commits, before answering;
 *   - any other writer (the CLI, another server process on the same PostgreSQL) is heard through
 *     NOTIFY 'erp_auth' (the triggers of migration 0101), delivered at commit.
 * A lookup that read the database before an invalidation and finishes after it is not stored
 * (`put` compares the read's start with the user's last invalidation), so an old answer cannot
 * come back. While the NOTIFY listener is not connected the cache stays off and every request
 * reads the database, as before.
 */
import type { AuthUser } from "./tokens";

export interface CachedToken {
  user: AuthUser;
  /** Absolute expiry and last recorded use, epoch ms (compared with the app's clock). */
  expiresAt: number;
  lastUsedAt: number;
}

interface Entry extends CachedToken {
  storedAt: number;
}

export const TOKEN_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

/** Monotonic milliseconds: the cache's own ageing does not follow the app's (movable) clock. */
const tick = () => performance.now();

export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  private readonly invalidatedAt = new Map<number, number>();
  private allInvalidatedAt = Number.NEGATIVE_INFINITY;
  private enabled = false;

  constructor(private readonly ttlMs = TOKEN_CACHE_TTL_MS) {}

  /** Turned on while invalidations are being received; turning it off forgets everything. */
  setEnabled(on: boolean): void {
    if (!on) this.invalidateAll();
    this.enabled = on;
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  /** A mark to pass to `put`: when the database read began. */
  startRead(): number {
    return tick();
  }

  get(key: string): CachedToken | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (tick() - e.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  put(key: string, value: CachedToken, readStartedAt: number): void {
    if (!this.enabled) return;
    const last = Math.max(this.allInvalidatedAt, this.invalidatedAt.get(value.user.id) ?? Number.NEGATIVE_INFINITY);
    if (last >= readStartedAt) return; // the user changed while we were reading
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...value, storedAt: tick() });
  }

  /** Records a use (the idle timer) without a new database read. */
  touch(key: string, lastUsedAt: number): void {
    const e = this.entries.get(key);
    if (e) e.lastUsedAt = lastUsedAt;
  }

  remove(key: string): void {
    this.entries.delete(key);
  }

  invalidateUser(userId: number): void {
    this.invalidatedAt.set(userId, tick());
    for (const [k, e] of this.entries) if (e.user.id === userId) this.entries.delete(k);
    if (this.invalidatedAt.size > MAX_ENTRIES) {
      // Forget old marks: a mark only matters to reads already running, which last milliseconds.
      this.allInvalidatedAt = tick();
      this.invalidatedAt.clear();
    }
  }

  invalidateAll(): void {
    this.allInvalidatedAt = tick();
    this.invalidatedAt.clear();
    this.entries.clear();
  }
}
