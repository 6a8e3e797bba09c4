/**
 * The steward's counts on the phone (IndexedDB, a database of its own beside the guards' outbox):
 * the counts not yet sent, each device's last `seq` and the phone's id. A count and its device's
 * `seq` are written in one transaction, so a reload, a locked screen or a closed app never loses
 * a tap nor reuses a `seq`.
 */
import type { ContoSalvato } from "./conteggi";

const DB_NAME = "vigilanza-campo-conteggi";
const CONTI = "conteggi";
const META = "meta";

export interface StatoSalvato {
  /** The phone's id, the first part of each gate's device id. */
  base: string | null;
  /** The last `seq` given per device id. */
  seq: Record<string, number>;
  attesa: ContoSalvato[];
}

export interface ArchivioConteggi {
  carica(): Promise<StatoSalvato>;
  /** Stores the counts, the devices' last seq and the phone's id together. */
  salva(conti: ContoSalvato[], seq: Record<string, number>, base: string): Promise<void>;
  /** Forgets counts the server answered for. */
  elimina(chiavi: string[]): Promise<void>;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const d = req.result;
      if (!d.objectStoreNames.contains(CONTI)) d.createObjectStore(CONTI, { keyPath: "chiave" });
      if (!d.objectStoreNames.contains(META)) d.createObjectStore(META, { keyPath: "chiave" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("Archivio del telefono non disponibile"));
  });
}

let db: Promise<IDBDatabase> | null = null;

function tx(mode: IDBTransactionMode, run: (t: IDBTransaction) => void): Promise<void> {
  db ??= open();
  return db.then(
    (d) =>
      new Promise<void>((resolve, reject) => {
        const t = d.transaction([CONTI, META], mode);
        run(t);
        t.oncomplete = () => resolve();
        t.onerror = () => reject(t.error ?? new Error("Scrittura sul telefono non riuscita"));
        t.onabort = () => reject(t.error ?? new Error("Scrittura sul telefono non riuscita"));
      }),
  );
}

export const archivioConteggiIndexedDb: ArchivioConteggi = {
  async carica() {
    let conti: ContoSalvato[] = [];
    let meta: { chiave: string; valore: unknown }[] = [];
    await tx("readonly", (t) => {
      const a = t.objectStore(CONTI).getAll();
      a.onsuccess = () => {
        conti = a.result as ContoSalvato[];
      };
      const m = t.objectStore(META).getAll();
      m.onsuccess = () => {
        meta = m.result as typeof meta;
      };
    });
    const valore = (k: string) => meta.find((x) => x.chiave === k)?.valore;
    return {
      base: (valore("base") as string | undefined) ?? null,
      seq: (valore("seq") as Record<string, number> | undefined) ?? {},
      attesa: conti.sort((a, b) => a.at.localeCompare(b.at) || a.seq - b.seq),
    };
  },
  async salva(conti, seq, base) {
    await tx("readwrite", (t) => {
      for (const c of conti) t.objectStore(CONTI).put(c);
      t.objectStore(META).put({ chiave: "seq", valore: seq });
      t.objectStore(META).put({ chiave: "base", valore: base });
    });
  },
  async elimina(chiavi) {
    if (chiavi.length === 0) return;
    await tx("readwrite", (t) => {
      for (const k of chiavi) t.objectStore(CONTI).delete(k);
    });
  },
};
