/**
 * The office's side of the guards' service reports (issue 34 item 6), under
 * /api/comunicazioni/relazioni/: the list (to approve first), one report with its versions and
 * photos, the amendment (a new version with its reason), relevant for the police or not, approval.
 * Every write refreshes the report and the lists.
 */

import { CAPABILITIES } from "../../../permissions";
import { type CallTag, declareCalls } from "../../calls";
import { FileDownload, IdParams } from "../../common";
import {
  RelazioneFotoParams,
  RelazioneList,
  RelazioneModificaBody,
  RelazioneOut,
  RelazioneRow,
  RelazioneUpdateBody,
} from "./schemas";

const permissions = CAPABILITIES.relazioni;
const CHANGED: readonly CallTag[] = [{ type: "Relazione", id: ":id" }, "List"];

export const relazioniCalls = declareCalls({
  relazioniList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/relazioni/",
    summary: "Lista relazioni di servizio",
    permissions,
    list: RelazioneList,
    row: RelazioneRow,
  },
  relazione: {
    method: "GET",
    path: "comunicazioni/relazioni/:id/",
    summary: "Una relazione di servizio con le sue versioni e le foto",
    permissions,
    params: IdParams,
    answer: RelazioneOut,
    provides: [{ type: "Relazione", id: ":id" }],
  },
  relazioneFoto: {
    kind: "file",
    method: "GET",
    path: "comunicazioni/relazioni/:id/foto/:file/",
    summary: "Una foto della relazione",
    permissions,
    params: RelazioneFotoParams,
    file: FileDownload("La foto", ["image/jpeg", "image/png", "image/webp"]),
  },
  aggiornaRelazione: {
    method: "PUT",
    path: "comunicazioni/relazioni/:id/",
    summary: "Segna la relazione come rilevante per la Questura (prima dell'approvazione)",
    permissions,
    params: IdParams,
    body: RelazioneUpdateBody,
    answer: RelazioneOut,
    invalidates: CHANGED,
  },
  modificaRelazione: {
    method: "POST",
    path: "comunicazioni/relazioni/:id/versioni/",
    summary: "Corregge la relazione: una nuova versione con il motivo, l'originale resta",
    permissions,
    params: IdParams,
    body: RelazioneModificaBody,
    answer: RelazioneOut,
    status: 201,
    invalidates: CHANGED,
  },
  approvaRelazione: {
    method: "POST",
    path: "comunicazioni/relazioni/:id/approva/",
    summary: "Approva la relazione: da qui non si modifica più",
    permissions,
    params: IdParams,
    answer: RelazioneOut,
    invalidates: CHANGED,
  },
});
