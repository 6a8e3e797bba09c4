/**
 * The embedded database may be opened by one process only. The server holds DATA_DIR/server.lock
 * while it runs; the CLI refuses to open the same data directory while the lock's process lives.
 */
import fs from "node:fs";
import path from "node:path";

export interface LockInfo {
  pid: number;
  url?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockPath(dataDir: string): string {
  return path.join(dataDir, "server.lock");
}

/** The live holder of the data directory, if any (a stale lock of a dead process is ignored). */
export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), "utf8")) as LockInfo;
    return info.pid !== process.pid && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export function acquireLock(dataDir: string, url?: string): () => void {
  const holder = readLock(dataDir);
  if (holder) {
    throw new Error(
      `La cartella dati ${dataDir} è già in uso dal processo ${holder.pid}${holder.url ? ` (${holder.url})` : ""}.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, url }));
  return () => {
    try {
      if (readLockRaw(dataDir)?.pid === process.pid) fs.unlinkSync(lockPath(dataDir));
    } catch {
      /* already gone */
    }
  };
}

function readLockRaw(dataDir: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath(dataDir), "utf8")) as LockInfo;
  } catch {
    return null;
  }
}
