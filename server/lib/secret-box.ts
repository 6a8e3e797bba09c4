/**
 * Small secrets kept encrypted at rest (the staff's TOTP secrets, issue 37): AES-256-GCM with a
 * random 96-bit IV per value and the owner (e.g. `user:12`) as additional data, so a value copied
 * onto another user's row does not decrypt. Stored as `v1:<base64url(iv | tag | ciphertext)>`.
 *
 * The key comes from MFA_KEY (config.mfaKey): 32 bytes in base64, or a passphrase of at least 32
 * characters stretched with HKDF-SHA256. Without MFA_KEY (development, a single host) a random
 * key is created once in DATA_DIR/mfa.key with mode 0600 and reused; every process on the host
 * reads the same file. A deployment with several hosts must set MFA_KEY. The key is never logged.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SecretBoxConfig {
  mfaKey?: string;
  dataDir: string;
}

const keys = new Map<string, Buffer>();

/** The 32-byte key of a configuration (see the file comment). */
export function secretBoxKey(config: SecretBoxConfig): Buffer {
  const id = config.mfaKey !== undefined ? `env:${config.mfaKey}` : `file:${config.dataDir}`;
  const known = keys.get(id);
  if (known) return known;
  const key = config.mfaKey !== undefined ? keyFromEnv(config.mfaKey) : keyFromFile(config.dataDir);
  keys.set(id, key);
  return key;
}

function keyFromEnv(v: string): Buffer {
  const raw = /^[A-Za-z0-9+/_-]{43}=?$/.test(v) ? Buffer.from(v, "base64") : null;
  if (raw?.length === 32) return raw;
  if (v.length < 32) throw new Error("MFA_KEY non valida: 32 byte in base64 oppure una frase di almeno 32 caratteri");
  return Buffer.from(crypto.hkdfSync("sha256", v, "vigilanza-erp", "mfa-secrets", 32));
}

function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, "mfa.key");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`Chiave non valida in ${file}: 32 byte in base64`);
  return key;
}

export function sealSecret(key: Buffer, owner: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", key, iv);
  c.setAAD(Buffer.from(owner));
  const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url")}`;
}

/** The plain value, or throws when the key or the owner is not the one that sealed it. */
export function openSecret(key: Buffer, owner: string, sealed: string): string {
  if (!sealed.startsWith("v1:")) throw new Error("Formato del segreto sconosciuto");
  const buf = Buffer.from(sealed.slice(3), "base64url");
  const d = crypto.createDecipheriv("aes-256-gcm", key, buf.subarray(0, 12));
  d.setAAD(Buffer.from(owner));
  d.setAuthTag(buf.subarray(12, 28));
  return Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString("utf8");
}
