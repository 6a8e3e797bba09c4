/**
 * The public application form: reading the submission (multipart with an optional `cv` PDF file,
 * or JSON without CV), the checks, and the audited insert of the candidate with its CV.
 */

import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  type CandidaturaFields,
  CV_MAX_BYTES,
  CV_NON_PDF,
  CV_TROPPO_GRANDE,
  validateCandidatura,
} from "../../../../src/domain/candidato";
import { toApiDate } from "../../../../src/domain/format";
import { candidati, candidatiPosizioni } from "../../../db/schema/anagrafiche-clienti";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { HttpError, validationError } from "../../../lib/errors";
import { openUpload, type StreamedUpload } from "../../../lib/files";
import { CONTENT_TYPE, checkPosizioni, normalizeCandidato } from "./candidati.service";

export const CANDIDATURA_INVIATA = "Grazie! La tua candidatura è stata inviata correttamente.";

export interface Submission {
  fields: Record<string, unknown>;
  /** The CV, stored as it arrives (after the fields) in the application's transaction. */
  cv: Pick<StreamedUpload, "store"> | null;
  /** Stops reading the form when the CV was not stored: call it when done. */
  close(): void;
}

const cvTooLarge = () => new HttpError(413, CV_TROPPO_GRANDE, { cv: CV_TROPPO_GRANDE });

/** Reads multipart (fields + one `cv` file) or a JSON body. */
export async function readSubmission(request: FastifyRequest): Promise<Submission> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw validationError({ non_field_errors: "Richiesta non valida" });
    const b = body as Record<string, unknown>;
    const data =
      b.data && typeof b.data === "object" && !Array.isArray(b.data) ? (b.data as Record<string, unknown>) : b;
    return { fields: data, cv: null, close: () => undefined };
  }
  const upload = await openUpload(request, {
    file: "cv",
    otherFiles: "refuse",
    tooLarge: cvTooLarge,
    wrongType: () => validationError({ cv: CV_NON_PDF }),
    broken: () => validationError({ non_field_errors: "Invio del modulo non valido" }),
  });
  return { fields: upload.fields, cv: upload.file ? upload : null, close: upload.close };
}

const TRUE = new Set(["true", "on", "1", "si", "sì", "yes"]);

function str(v: unknown, max = 300): string {
  const x = Array.isArray(v) ? v[0] : v;
  if (typeof x === "string") return x.slice(0, max);
  if (typeof x === "number" && Number.isFinite(x)) return String(x);
  return "";
}

function bool(v: unknown): boolean {
  const x = Array.isArray(v) ? v[0] : v;
  return x === true || (typeof x === "string" && TRUE.has(x.trim().toLowerCase()));
}

/** Ids from [1, 2], ["1", "2"], "1,2": null when one is not a positive integer. */
function ids(v: unknown): number[] | null {
  if (v === undefined || v === null || v === "") return [];
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(",") : [x]));
  const out: number[] = [];
  for (const p of parts.slice(0, 50)) {
    const s = typeof p === "number" ? String(p) : typeof p === "string" ? p.trim() : "";
    if (s === "") continue;
    if (!/^[1-9]\d{0,8}$/.test(s)) return null;
    out.push(Number(s));
  }
  return out;
}

/** The plain form values from the submission (never throws; validation comes next). */
export function toCandidatura(f: Record<string, unknown>): {
  values: Partial<CandidaturaFields>;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const posizioni = ids(f.posizioni);
  if (posizioni === null) errors.posizioni = "Posizione non valida";
  const giorni = ids(f.giorni_disponibili);
  if (giorni === null) errors.giorni_disponibili = "Giorno della settimana non valido";
  const sesso = str(f.sesso).trim().toUpperCase();
  if (sesso && sesso !== "M" && sesso !== "F") errors.sesso = "Valore non valido";
  const values = normalizeCandidato({
    nome: str(f.nome, 100),
    cognome: str(f.cognome, 100),
    sesso: sesso === "F" ? "F" : "M",
    data_nascita: str(f.data_nascita, 10),
    codice_fiscale: str(f.codice_fiscale, 16),
    email: str(f.email, 254),
    cellulare: str(f.cellulare, 30),
    citta: str(f.citta, 120),
    prov: str(f.prov, 4),
    posizioni: posizioni ?? [],
    giorni_disponibili: giorni ?? [],
    turni_notturni: bool(f.turni_notturni),
    trasferte: bool(f.trasferte),
    messaggio: str(f.messaggio, 3000),
    privacy: bool(f.privacy),
    sito_web: str(f.sito_web, 300),
  } as Partial<CandidaturaFields> & { data_nascita: string | null }) as Partial<CandidaturaFields>;
  return { values, errors };
}

/** True when the honeypot was filled: answer as if all went well, store nothing. */
export function isBot(fields: Record<string, unknown>): boolean {
  return str(fields.sito_web).trim() !== "";
}

export async function submitCandidatura(ctx: AppContext, sub: Submission): Promise<number> {
  const { values, errors } = toCandidatura(sub.fields);
  const now = ctx.clock();
  Object.assign(errors, validateCandidatura(values, toApiDate(now)), errors);
  if (!errors.posizioni) {
    const p = await checkPosizioni(ctx.db, values.posizioni ?? []);
    if (p) errors.posizioni = p;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const v = values as CandidaturaFields;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(candidati)
      .values({
        nome: v.nome,
        cognome: v.cognome,
        sesso: v.sesso,
        dataNascita: v.data_nascita || null,
        codiceFiscale: v.codice_fiscale ?? "",
        email: v.email,
        cellulare: v.cellulare,
        citta: v.citta,
        prov: v.prov,
        giorniDisponibili: v.giorni_disponibili,
        turniNotturni: v.turni_notturni,
        trasferte: v.trasferte,
        messaggio: v.messaggio ?? "",
        stato: "nuovo",
        origine: "form",
        privacyAccettataIl: now,
        ip: ctx.actor.ip,
      })
      .returning({ id: candidati.id });
    if (v.posizioni.length) {
      await tx
        .insert(candidatiPosizioni)
        .values(v.posizioni.map((posizioneId) => ({ candidatoId: row.id, posizioneId })));
    }
    if (sub.cv) {
      // Checked as it arrives: not a PDF (400 on cv) or over 5 MB (413), and nothing is kept.
      const file = await sub.cv.store(tx, ctx.config.dataDir, {
        ownerType: CONTENT_TYPE,
        ownerId: row.id,
        categoria: "curriculum",
        allowed: ["pdf"],
        maxBytes: CV_MAX_BYTES,
        now,
      });
      await tx.update(candidati).set({ cvFileId: file.id }).where(eq(candidati.id, row.id));
    }
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: CONTENT_TYPE,
      objectId: row.id,
      ...auditBy(ctx.actor),
      note: `${v.cognome} ${v.nome}: candidatura dal modulo pubblico${sub.cv ? " (con curriculum)" : ""}`,
      changeLog: [],
    });
    return row.id;
  });
}
