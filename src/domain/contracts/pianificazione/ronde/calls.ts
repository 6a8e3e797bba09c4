/**
 * Guard tours' calls (issue 34). Office side under /api/pianificazione/contratti/:id/servizi/:subId/
 * (CAPABILITIES.contratti): the checkpoints and the tour plans (child tables), the QR sheet (PDF),
 * the rounds of a day. The guards' side under /api/app/ronde/ (an app token): the guard's rounds
 * and the scans, re-exported by the console's table (the /api/app/ prefix is declared there).
 */
import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { declareChild } from "../../children";
import { dbId, FileDownload, SubParams } from "../../common";
import {
  AppPassaggioBody,
  AppPassaggioOut,
  PianoData,
  PianoOut,
  PianoUpdateData,
  PuntoData,
  PuntoOut,
  PuntoUpdateData,
  RondeOut,
  RondeQuery,
} from "./schemas";

const permissions = CAPABILITIES.contratti;
/** The service's ids in the path: contract `id`, service `subId`. */
export const ServizioParams = SubParams;
export const RigaServizioParams = SubParams.extend({ riga: dbId() });

const ofServizio = {
  item: "riga",
  params: ServizioParams,
  itemParams: RigaServizioParams,
  permissions,
  list: "results",
  parentTag: { type: "Servizio", id: ":subId" },
} as const;

export const puntiRonda = declareChild({
  ...ofServizio,
  path: "pianificazione/contratti/:id/servizi/:subId/punti-ronda/",
  create: PuntoData,
  update: PuntoUpdateData,
  row: PuntoOut,
  summaries: {
    list: "Punti di controllo del servizio",
    create: "Nuovo punto di controllo",
    update: "Modifica punto di controllo",
    remove: "Elimina punto di controllo",
  },
  save: "savePuntoRonda",
  remove: "deletePuntoRonda",
});

export const pianiRonda = declareChild({
  ...ofServizio,
  path: "pianificazione/contratti/:id/servizi/:subId/piani-ronda/",
  create: PianoData,
  update: PianoUpdateData,
  row: PianoOut,
  summaries: {
    list: "Piani di ronda del servizio",
    create: "Nuovo piano di ronda",
    update: "Modifica piano di ronda",
    remove: "Elimina piano di ronda",
  },
  save: "savePianoRonda",
  remove: "deletePianoRonda",
});

export const rondeCalls = declareCalls({
  foglioQrRonda: {
    kind: "file",
    method: "GET",
    path: "pianificazione/contratti/:id/servizi/:subId/punti-ronda/qr/",
    summary: "Foglio stampabile dei codici QR dei punti di controllo (PDF)",
    permissions,
    params: ServizioParams,
    file: FileDownload("Il foglio dei QR", ["application/pdf"]),
  },
  rondeServizio: {
    method: "GET",
    path: "pianificazione/contratti/:id/servizi/:subId/ronde/",
    summary: "Le ronde di un giorno del servizio con stato, orari e punti",
    permissions,
    params: ServizioParams,
    query: RondeQuery,
    answer: RondeOut,
    provides: [{ type: "Servizio", id: ":subId" }],
  },
});

const noSpa = "chiamata dall'app delle guardie, non dalla SPA";
const noMock = "la SPA non la chiama: i test del server e gli e2e la provano via HTTP";

export const rondeAppCalls = declareCalls({
  appRonde: {
    method: "GET",
    path: "app/ronde/",
    summary: "Le ronde dei turni della guardia (12 ore prima, 12 dopo) con i punti",
    permissions: "app",
    noSpa,
    noMock,
    answer: RondeOut,
  },
  /** 201 recorded, 200 already recorded (same id), 409 id reused; a typed or far scan is flagged, not refused. */
  appPassaggio: {
    method: "POST",
    path: "app/ronde/passaggi/",
    summary: "Passaggio a un punto di controllo (QR, NFC o codice digitato; idempotente per id)",
    permissions: "app",
    noSpa,
    noMock,
    body: AppPassaggioBody,
    answer: AppPassaggioOut,
    status: 201,
    alsoAnswers: { 200: AppPassaggioOut },
  },
});
