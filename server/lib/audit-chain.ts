/**
 * Verifies the audit trail's hash chain (migration 0002_audit_chain.sql): seq runs 1, 2, 3… with no
 * gap, each entry's hash is sha256(previous hash || its content), and the last entry is the head the
 * trigger recorded in log_chain. One query in the database (a window over seq, the same
 * log_entry_hash the trigger uses), so millions of entries never cross the wire.
 *
 * It proves that nobody changed or removed an entry without rewriting the chain from that entry
 * on; someone able to rewrite all of it (a superuser) is caught only against a head kept
 * elsewhere: the report gives the last seq and hash to note down.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { queryOne } from "../db/query";

export interface ChainBreak {
  /** The first entry where the chain does not hold (null: entries missing at the end). */
  id: number | null;
  seq: number;
  /** What differs, in Italian. */
  problem: string;
}

export interface ChainReport {
  entries: number;
  /** The last entry (seq 0 and null on an empty trail). */
  last: { seq: number; hash: string | null };
  broken?: ChainBreak;
}

const short = (hex: string | null) => (hex ? `${hex.slice(0, 16)}…` : "nessuna");

export async function verifyAuditChain(ex: Executor): Promise<ChainReport> {
  const first = await queryOne<{ id: number; seq: number; prev_seq: number | null; hash: string; expected: string }>(
    ex,
    sql`WITH c AS (
          SELECT l.id, l.seq, l.hash, lag(l.seq) OVER w AS prev_seq, log_entry_hash(lag(l.hash) OVER w, l) AS expected
          FROM log_entries l WINDOW w AS (ORDER BY l.seq))
        SELECT id, seq, prev_seq, encode(hash, 'hex') AS hash, encode(expected, 'hex') AS expected FROM c
        WHERE seq <> coalesce(prev_seq, 0) + 1 OR hash IS DISTINCT FROM expected
        ORDER BY seq LIMIT 1`,
  );
  const totals = (await queryOne<{
    entries: number;
    last_seq: number | null;
    last_hash: string | null;
    head_seq: number;
    head_hash: string | null;
  }>(
    ex,
    sql`SELECT (SELECT count(*) FROM log_entries)::bigint AS entries, last.seq AS last_seq,
               encode(last.hash, 'hex') AS last_hash, h.seq AS head_seq, encode(h.hash, 'hex') AS head_hash
        FROM log_chain h LEFT JOIN LATERAL (SELECT seq, hash FROM log_entries ORDER BY seq DESC LIMIT 1) last ON true`,
  ))!;
  const entries = Number(totals.entries);
  const last = { seq: Number(totals.last_seq ?? 0), hash: totals.last_hash };
  if (first) {
    const prev = Number(first.prev_seq ?? 0);
    const seq = Number(first.seq);
    const problem =
      seq !== prev + 1
        ? seq === prev + 2
          ? `manca la voce seq ${prev + 1}, che la precedeva (cancellata)`
          : `mancano le voci da seq ${prev + 1} a ${seq - 1}, che la precedevano (cancellate)`
        : `impronta registrata ${short(first.hash)}, calcolata dal contenuto e dalla voce precedente ${short(first.expected)}: ` +
          "la voce (o l'impronta della precedente) è stata modificata";
    return { entries, last, broken: { id: Number(first.id), seq, problem } };
  }
  const headSeq = Number(totals.head_seq);
  if (headSeq > last.seq) {
    const problem =
      headSeq === last.seq + 1
        ? `manca l'ultima voce, seq ${headSeq} (cancellata)`
        : `mancano le ultime voci, da seq ${last.seq + 1} a ${headSeq} (cancellate)`;
    return { entries, last, broken: { id: null, seq: last.seq + 1, problem } };
  }
  if (headSeq !== last.seq || totals.head_hash !== last.hash) {
    const problem = `la testa della catena (seq ${headSeq}, impronta ${short(totals.head_hash)}) non corrisponde all'ultima voce`;
    return { entries, last, broken: { id: null, seq: last.seq, problem } };
  }
  return { entries, last };
}

const voci = (n: number) => `${n} ${n === 1 ? "voce" : "voci"}`;

/** The CLI's lines: "Registro integro: N voci verificate" or where the chain breaks. */
export function describeChainReport(r: ChainReport): string {
  if (!r.broken) {
    return [
      `Registro integro: ${voci(r.entries)} verificat${r.entries === 1 ? "a" : "e"}.`,
      `Ultima voce: seq ${r.last.seq}, impronta ${r.last.hash ?? "—"} (annotala altrove per accorgerti di una riscrittura completa).`,
    ].join("\n");
  }
  const where =
    r.broken.id === null ? `dopo la voce seq ${r.last.seq}` : `alla voce id ${r.broken.id} (seq ${r.broken.seq})`;
  return `Registro alterato ${where}: ${r.broken.problem}.\n${voci(r.entries)} nel registro.`;
}
