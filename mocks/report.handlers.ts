/** /api/report/: the dashboard's figures and the reports' lists from their declarations (src/domain/contracts/report) over the fixtures. */
import { HttpResponse, http } from "msw";
import { MarginalitaList } from "../src/domain/contracts/report/analisi-ricavi";
import { CompensiList } from "../src/domain/contracts/report/compensi";
import { PraticheList } from "../src/domain/contracts/report/pratiche";
import { RicaviAttivitaList } from "../src/domain/contracts/report/ricavi-attivita";
import { RisorseAssegnateList } from "../src/domain/contracts/report/risorse-assegnate";
import { ScadenzeCorsiList, ScadenzeDocumentiList } from "../src/domain/contracts/report/scadenze";
import { api } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

export const reportHandlers = [
  http.get(api("report/dashboard/"), () => HttpResponse.json(db.reportDashboard)),
  listHandler("report/risorse-assegnate/", RisorseAssegnateList, () => db.reportRisorseAssegnate),
  listHandler("report/compensi/", CompensiList, () => db.reportCompensi),
  listHandler("report/ricavi-attivita/", RicaviAttivitaList, () => db.reportRicaviAttivita),
  listHandler("report/analisi-ricavi/", MarginalitaList, () => db.reportMarginalita),
  listHandler("report/scadenze-corsi/", ScadenzeCorsiList, () => db.reportScadenzeCorsi),
  listHandler("report/scadenze-documenti/", ScadenzeDocumentiList, () => db.reportScadenzeDocumenti),
  listHandler("report/pratiche/", PraticheList, () => db.reportPratiche),
];
