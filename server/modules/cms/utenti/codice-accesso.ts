/**
 * A CMS user's access code (codice_accesso): 8 characters without the ones read alike (0/O, 1/I),
 * from the system's random source; unique (the column's UNIQUE constraint decides, a collision is
 * drawn again). The stewards type it into the counters' app to sign in.
 */
import crypto from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function nuovoCodiceAccesso(): string {
  const bytes = crypto.randomBytes(8);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}
