import crypto from "node:crypto";
import { TokenCache } from "../../../server/lib/token-cache";
import { type AuthUser, cachedUser } from "../../../server/lib/tokens";

const user = (id: number): AuthUser => ({
  id,
  username: `u${id}`,
  email: "",
  nome: "Mario",
  cognome: "Rossi",
  permissions: ["erp_admin"],
  tokenId: id * 10,
});
const entry = (id: number) => ({ user: user(id), expiresAt: Date.now() + 60_000, lastUsedAt: Date.now() });

describe("TokenCache", () => {
  it("keeps nothing while it is off (no NOTIFY listener) and forgets everything when turned off", () => {
    const c = new TokenCache();
    c.put("a", entry(1), c.startRead());
    expect(c.get("a")).toBeUndefined();
    c.setEnabled(true);
    c.put("a", entry(1), c.startRead());
    expect(c.get("a")?.user.id).toBe(1);
    c.setEnabled(false);
    c.setEnabled(true);
    expect(c.get("a")).toBeUndefined();
  });

  it("evicts every token of a user on invalidation, and only theirs", () => {
    const c = new TokenCache();
    c.setEnabled(true);
    c.put("a1", entry(1), c.startRead());
    c.put("a2", entry(1), c.startRead());
    c.put("b", entry(2), c.startRead());
    c.invalidateUser(1);
    expect(c.get("a1")).toBeUndefined();
    expect(c.get("a2")).toBeUndefined();
    expect(c.get("b")?.user.id).toBe(2);
  });

  it("does not store a read that began before the user was invalidated (an old answer cannot come back)", () => {
    const c = new TokenCache();
    c.setEnabled(true);
    const before = c.startRead();
    c.invalidateUser(1);
    c.put("a", entry(1), before);
    expect(c.get("a")).toBeUndefined();
    const other = c.startRead();
    c.invalidateAll();
    c.put("b", entry(2), other);
    expect(c.get("b")).toBeUndefined();
    c.put("c", entry(2), c.startRead());
    expect(c.get("c")?.user.id).toBe(2);
  });

  it("lets an entry age out after its time to live", async () => {
    const c = new TokenCache(30);
    c.setEnabled(true);
    c.put("a", entry(1), c.startRead());
    expect(c.get("a")).toBeDefined();
    await new Promise((r) => setTimeout(r, 60));
    expect(c.get("a")).toBeUndefined();
  });
});

describe("cachedUser (the auth guard's answer without a promise)", () => {
  const policy = { tokenIdleMinutes: 480, tokenAbsoluteMinutes: 10_080 };
  const key = crypto.hash("sha256", "tok", "base64");
  const cacheWith = (lastUsedAt: number, expiresAt: number) => {
    const c = new TokenCache();
    c.setEnabled(true);
    c.put(key, { user: user(1), expiresAt, lastUsedAt }, c.startRead());
    return c;
  };
  const now = new Date("2030-01-01T10:00:00Z");
  const t = now.getTime();

  it("answers a token the cache verified, while nothing is due", () => {
    expect(cachedUser("tok", policy, now, cacheWith(t - 30_000, t + 60_000))?.id).toBe(1);
    expect(cachedUser("altro", policy, now, cacheWith(t - 30_000, t + 60_000))).toBeUndefined();
  });

  it("leaves to verifyToken an idle refresh, an expired or idle token and a cache that is off", () => {
    // Last use over a minute ago: the database's idle timer must be refreshed (verifyToken does it).
    expect(cachedUser("tok", policy, now, cacheWith(t - 61_000, t + 60_000))).toBeUndefined();
    expect(cachedUser("tok", policy, now, cacheWith(t - 30_000, t))).toBeUndefined();
    expect(cachedUser("tok", policy, now, cacheWith(t - 480 * 60_000, t + 60_000))).toBeUndefined();
    const off = cacheWith(t - 30_000, t + 60_000);
    off.setEnabled(false);
    expect(cachedUser("tok", policy, now, off)).toBeUndefined();
  });
});
