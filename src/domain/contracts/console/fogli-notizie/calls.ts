/**
 * The foglio notizie's calls (issue 34 item 7), under /api/comunicazioni/fogli-notizie/: the sheets
 * made (day, province, issue, facts, who downloaded), one click to make a day's sheets now, the PDF
 * (each download recorded), the licence and provinces of the heading.
 */

import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { FileDownload, IdParams } from "../../common";
import {
  FogliGeneratiOut,
  FogliImpostazioniBody,
  FogliImpostazioniOut,
  FoglioNotizieList,
  FoglioNotizieRow,
  GeneraFoglioBody,
} from "./schemas";

const permissions = CAPABILITIES.relazioni;

export const fogliNotizieCalls = declareCalls({
  fogliNotizieList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/fogli-notizie/",
    summary: "Fogli notizie per la Questura",
    permissions,
    list: FoglioNotizieList,
    row: FoglioNotizieRow,
  },
  generaFoglioNotizie: {
    method: "POST",
    path: "comunicazioni/fogli-notizie/",
    summary: "Genera ora i fogli notizie di un giorno passato",
    permissions,
    body: GeneraFoglioBody,
    answer: FogliGeneratiOut,
    status: 201,
    invalidates: ["List"],
  },
  foglioNotiziePdf: {
    kind: "file",
    method: "GET",
    path: "comunicazioni/fogli-notizie/:id/pdf/",
    summary: "Il foglio notizie in PDF (il download è registrato)",
    permissions,
    params: IdParams,
    file: FileDownload("Il foglio notizie", ["application/pdf"]),
  },
  fogliNotizieImpostazioni: {
    method: "GET",
    path: "comunicazioni/fogli-notizie/impostazioni/",
    summary: "Licenza e province del foglio notizie",
    permissions,
    answer: FogliImpostazioniOut,
    provides: [{ type: "FoglioNotizie", id: "impostazioni" }],
  },
  aggiornaFogliNotizieImpostazioni: {
    method: "PUT",
    path: "comunicazioni/fogli-notizie/impostazioni/",
    summary: "Cambia licenza e province del foglio notizie",
    permissions,
    body: FogliImpostazioniBody,
    answer: FogliImpostazioniOut,
    invalidates: [{ type: "FoglioNotizie", id: "impostazioni" }],
  },
});
