/**
 * The outbox's storage on the phone: one IndexedDB object store keyed by the action's UUID.
 * It survives closing the app, a reload and a locked screen; what was sent stays listed (the
 * last 50) so the guard sees when each action reached the office.
 */
import type { Azione } from "./azioni";

const DB_NAME = "vigilanza-campo";
const STORE = "outbox";
export const INVIATE_TENUTE = 50;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: "id" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("Archivio del telefono non disponibile"));
  });
}

let db: Promise<IDBDatabase> | null = null;
const conn = () => {
  db ??= open();
  return db;
};

function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T> {
  return conn().then(
    (d) =>
      new Promise<T>((resolve, reject) => {
        const t = d.transaction(STORE, mode);
        const req = run(t.objectStore(STORE));
        t.oncomplete = () => resolve(req?.result as T);
        t.onerror = () => reject(t.error ?? new Error("Scrittura sul telefono non riuscita"));
        t.onabort = () => reject(t.error ?? new Error("Scrittura sul telefono non riuscita"));
      }),
  );
}

export interface Archivio {
  tutte(): Promise<Azione[]>;
  salva(a: Azione): Promise<void>;
  elimina(ids: string[]): Promise<void>;
}

export const archivioIndexedDb: Archivio = {
  async tutte() {
    const all = await tx<Azione[]>("readonly", (s) => s.getAll() as IDBRequest<Azione[]>);
    return [...all].sort((a, b) => a.creata_il - b.creata_il);
  },
  async salva(a) {
    await tx("readwrite", (s) => s.put(a));
  },
  async elimina(ids) {
    if (ids.length === 0) return;
    await tx("readwrite", (s) => {
      for (const id of ids) s.delete(id);
      return undefined;
    });
  },
};
