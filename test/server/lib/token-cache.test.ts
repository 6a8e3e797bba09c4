import { TokenCache } from "../../../server/lib/token-cache";
import type { AuthUser } from "../../../server/lib/tokens";

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
