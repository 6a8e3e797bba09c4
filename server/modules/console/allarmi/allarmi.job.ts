/**
 * The alarms' escalation: the 'escalation-allarmi' job (a row of `jobs`, every 15 s, migration 0765)
 * finds the SOS still open ALARM_ESCALATION_MINUTES after they reached the server and not yet
 * escalated, marks them (`escalato_il`, with an audit entry) and mails every active administrator
 * with an email, in the claiming transaction: a failed mail rolls the mark back and the next run
 * (any process) tries again; a marked alarm is never mailed again. Once across workers
 * (server/lib/jobs.ts).
 */
import { sql } from "drizzle-orm";
import { linkMappa } from "../../../../src/domain/mappa";
import { ADMIN_PERMISSIONS } from "../../../../src/domain/permissions";
import { queryRows } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import type { JobDefinition } from "../../../lib/jobs";
import { BUSINESS_TZ } from "../../../lib/list/values";
import type { MailMessage } from "../../../lib/mail";
import { ALLARME_CONTENT_TYPE } from "./allarmi.service";

interface Scaduto {
  id: number;
  operatore_id: number;
  operatore: string;
  ricevuto_il: string;
  silenzioso: boolean;
  lat: number | null;
  lng: number | null;
  accuratezza: number | null;
  turno: string | null;
}

export function mailEscalation(a: Scaduto, minuti: number, publicUrl: string): Omit<MailMessage, "to"> {
  const posizione =
    a.lat === null
      ? "Posizione non disponibile"
      : `Posizione: ${linkMappa(Number(a.lat), Number(a.lng))} (±${Math.round(Number(a.accuratezza))} m)`;
  return {
    subject: `Vigilanza ERP - SOS non preso in carico: ${a.operatore}`,
    text: [
      `L'SOS${a.silenzioso ? " silenzioso" : ""} di ${a.operatore}, ricevuto alle ${a.ricevuto_il}, non è stato preso in carico entro ${minuti} minuti.`,
      a.turno ? `Turno: ${a.turno}` : "Nessun turno in corso",
      posizione,
      `Prendilo in carico: ${publicUrl}/app/console/allarmi?allarme=${a.id}`,
    ].join("\n"),
  };
}

export const ESCALATION_ALLARMI_JOB: JobDefinition = {
  name: "escalation-allarmi",
  async run(tx, now, env) {
    if (!env) throw new Error("escalation-allarmi: posta non configurata");
    const minuti = env.config.alarmEscalationMinutes;
    const scaduti = await queryRows<Scaduto>(
      tx,
      sql`UPDATE allarmi a SET escalato_il = ${now}::timestamptz
            FROM operatori o
           WHERE o.id = a.operatore_id AND a.stato = 'aperto' AND a.escalato_il IS NULL
             AND a.ricevuto_il <= ${now}::timestamptz - make_interval(secs => ${minuti * 60})
       RETURNING a.id, a.operatore_id, trim(o.nome || ' ' || o.cognome) AS operatore,
                 to_char(a.ricevuto_il AT TIME ZONE ${BUSINESS_TZ}, 'DD/MM/YYYY HH24:MI:SS') AS ricevuto_il,
                 a.silenzioso, a.lat, a.lng, a.accuratezza,
                 (SELECT cl.ragione_sociale || ', ' || to_char(g.giorno, 'DD/MM/YYYY') || ' ' || to_char(t.inizio_f1, 'HH24:MI')
                         || '–' || to_char(coalesce(t.fine_f2, t.fine_f1), 'HH24:MI')
                    FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
                    JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
                   WHERE t.id = a.turno_id) AS turno`,
    );
    if (scaduti.length === 0) return "nessun allarme da inoltrare";
    const admins = await queryRows<{ email: string }>(
      tx,
      sql`SELECT DISTINCT email FROM users
           WHERE attivo AND NOT in_attesa AND btrim(email) <> ''
             AND permissions && ${`{${ADMIN_PERMISSIONS.join(",")}}`}::text[]
           ORDER BY email`,
    );
    for (const a of scaduti) {
      await writeAudit(tx, {
        azione: AZIONI.update,
        contentType: ALLARME_CONTENT_TYPE,
        objectId: a.id,
        note: `SOS non preso in carico entro ${minuti} minuti: inoltrato a ${admins.length} amministratori`,
        related: [{ content_type: "operatore", object_id: a.operatore_id }],
      });
    }
    for (const a of scaduti) {
      const message = mailEscalation(a, minuti, env.config.publicUrl);
      for (const { email } of admins) await env.mailer.send({ ...message, to: email });
    }
    return `${scaduti.length} allarmi inoltrati a ${admins.length} amministratori`;
  },
};
