/**
 * Company communications (issue 12 item 5), under /api/comunicazioni/azienda/: the list (newest
 * first; subject, recipients, period; export), sending one — {data: …} as JSON, or the same fields
 * as multipart with the attachment in `allegato` (the SPA always sends multipart) —, one with its
 * recipients' totals, its recipients (delivered, read, reminded, and when; export), the attachment,
 * a reminder to those who have not read it.
 */

import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { FileDownload, IdParams } from "../../common";
import {
  ComunicazioneList,
  ComunicazioneOut,
  ComunicazioneRow,
  DestinatariList,
  DestinatarioRow,
  PromemoriaOut,
} from "./schemas";

const permissions = CAPABILITIES.comunicazioniAzienda;

export const comunicazioniAziendaCalls = declareCalls({
  comunicazioniList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/azienda/",
    summary: "Lista comunicazioni azienda",
    permissions,
    list: ComunicazioneList,
    row: ComunicazioneRow,
  },
  destinatariList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/azienda/:id/destinatari/",
    summary: "Destinatari di una comunicazione",
    permissions,
    params: IdParams,
    list: DestinatariList,
    row: DestinatarioRow,
  },
  inviaComunicazione: {
    method: "POST",
    path: "comunicazioni/azienda/",
    summary: "Invia una comunicazione agli operatori (allegato facoltativo: multipart, campo `allegato`)",
    permissions,
    consumes: ["application/json", "multipart/form-data"],
    answer: ComunicazioneOut,
    status: 201,
    invalidates: ["List"],
  },
  comunicazione: {
    method: "GET",
    path: "comunicazioni/azienda/:id/",
    summary: "Comunicazione con i destinatari",
    permissions,
    params: IdParams,
    answer: ComunicazioneOut,
    provides: [{ type: "Comunicazione", id: ":id" }],
  },
  comunicazioneAllegato: {
    kind: "file",
    method: "GET",
    path: "comunicazioni/azienda/:id/allegato/",
    summary: "L'allegato della comunicazione",
    permissions,
    params: IdParams,
    file: FileDownload("L'allegato", ["application/pdf", "image/jpeg", "image/png", "image/webp"]),
  },
  inviaPromemoria: {
    method: "POST",
    path: "comunicazioni/azienda/:id/promemoria/",
    summary: "Promemoria a chi non ha letto",
    permissions,
    params: IdParams,
    answer: PromemoriaOut,
    invalidates: [{ type: "Comunicazione", id: ":id" }, "List"],
  },
});
