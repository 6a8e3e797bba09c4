/**
 * scrypt with OWASP parameters (N=2^17, r=8, p=1, 32-byte key, 16-byte salt).
 * Stored as `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later.
 * `verifyAgainstNothing` runs the same work for an unknown user, so timing tells nothing.
 */
import crypto from "node:crypto";

const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize("NFKC"),
      salt,
      KEYLEN,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, N = 2 ** 17): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, N, 8, 1);
  return `scrypt$${N}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split("$");
  if (alg !== "scrypt" || !hash) return false;
  const key = await scrypt(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, "base64");
  return expected.length === key.length && crypto.timingSafeEqual(expected, key);
}

const dummies = new Map<number, Promise<string>>();

/** Spends the time of a real verification for a user that does not exist. Always false. */
export async function verifyAgainstNothing(password: string, N = 2 ** 17): Promise<false> {
  let dummy = dummies.get(N);
  if (!dummy) {
    dummy = hashPassword(crypto.randomBytes(16).toString("hex"), N);
    dummies.set(N, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

/** A random password for generated accounts: 16 characters, letters and digits. */
export function randomPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
