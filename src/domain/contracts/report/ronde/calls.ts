/** Report → Ronde (issue 34 item 4), under /api/report/ronde/: the rounds on the list engine, a night's PDF. */
import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { FileDownload } from "../../common";
import { NotteQuery, RondaReportRow, RondeReportList } from "./schemas";

export const rondeReportCalls = declareCalls({
  rondeReport: {
    kind: "list",
    method: "GET",
    path: "report/ronde/",
    summary: "Le ronde con stato, orari e punti, per cliente, servizio e periodo",
    permissions: CAPABILITIES.ronde,
    list: RondeReportList,
    row: RondaReportRow,
  },
  rondeNottePdf: {
    kind: "file",
    method: "GET",
    path: "report/ronde/notte/",
    summary: "Il PDF per il cliente delle ronde di una notte in un servizio",
    permissions: CAPABILITIES.ronde,
    query: NotteQuery,
    file: FileDownload("Le ronde della notte (PDF)", ["application/pdf"]),
  },
});
