/**
 * The guards' app (issue 12 item 1), the other client of this server, under /api/app/. Every call
 * but the sign-in is `permissions: "app"`: only an app token opens it (server/plugins/auth-guard.ts).
 * Writes take one hit of the operator's limit (60 a minute) and are audited. Neither the SPA nor
 * its mocks call them: test/server/console/app*.test.ts and the e2e tests do, through HTTP.
 */

import { declareCalls } from "../../calls";
import { DetailOut, FileDownload, IdParams } from "../../common";
import { AppAllarmeBody, AppAllarmeOut, UuidParams } from "../allarmi/schemas";
import { AppRelazioneBody, AppRelazioneOut, AppRelazioniOut } from "../relazioni/schemas";
import { AppInformativaBody, AppInformativaOut } from "./informativa";
import {
  AppComunicazioneOut,
  AppComunicazioniOut,
  AppLoginBody,
  AppLoginOut,
  AppTicketBody,
  AppTicketOut,
  AppTicketsOut,
  AppTimbraturaBody,
  AppTimbraturaOut,
  AppTurniOut,
} from "./schemas";

const permissions = "app";
const noSpa = "chiamata dall'app delle guardie, non dalla SPA";
const noMock = "la SPA non la chiama: i test del server e gli e2e la provano via HTTP";
const app = { permissions, noSpa, noMock } as const;

export const appCalls = declareCalls({
  appLogin: {
    method: "POST",
    path: "app/login/",
    summary: "Accesso della guardia all'app",
    permissions: "public",
    noSpa,
    noMock,
    body: AppLoginBody,
    answer: AppLoginOut,
  },
  appLogout: { ...app, method: "POST", path: "app/logout/", summary: "Uscita dall'app", answer: DetailOut },
  appInformativa: {
    ...app,
    method: "GET",
    path: "app/informativa/",
    summary: "L'informativa sulla posizione: versione, conservazione e se la guardia l'ha confermata",
    answer: AppInformativaOut,
  },
  /** Idempotent: the first acknowledgement of a version is recorded (and audited), later ones answer it. */
  appConfermaInformativa: {
    ...app,
    method: "POST",
    path: "app/informativa/",
    summary: "Conferma di aver letto l'informativa sulla posizione",
    body: AppInformativaBody,
    answer: AppInformativaOut,
  },
  appTurni: {
    ...app,
    method: "GET",
    path: "app/turni/",
    summary: "I turni della guardia (7 giorni prima, 30 dopo)",
    answer: AppTurniOut,
  },
  /** 201 recorded, 200 already recorded (same id from the app), 409 id reused for another check-in. */
  appTimbra: {
    ...app,
    method: "POST",
    path: "app/timbrature/",
    summary: "Ingresso o uscita dal turno (idempotente per id)",
    body: AppTimbraturaBody,
    answer: AppTimbraturaOut,
    status: 201,
    alsoAnswers: { 200: AppTimbraturaOut },
  },
  appTickets: { ...app, method: "GET", path: "app/ticket/", summary: "I ticket della guardia", answer: AppTicketsOut },
  appApriTicket: {
    ...app,
    method: "POST",
    path: "app/ticket/",
    summary: "Apre un ticket di supporto (idempotente per id, se l'app lo dà)",
    body: AppTicketBody,
    answer: AppTicketOut,
    status: 201,
    /** The same id again: the ticket already opened. */
    alsoAnswers: { 200: AppTicketOut },
  },
  appTicket: {
    ...app,
    method: "GET",
    path: "app/ticket/:id/",
    summary: "Un ticket con le risposte dell'ufficio",
    params: IdParams,
    answer: AppTicketOut,
  },
  /** Multipart field `foto`, checked by content (server/lib/images.ts). */
  appFotoTicket: {
    ...app,
    method: "POST",
    path: "app/ticket/:id/foto/",
    summary: "Allega una foto al ticket (JPEG, PNG o WebP, controllata dal contenuto)",
    params: IdParams,
    consumes: ["multipart/form-data"],
    answer: AppTicketOut,
  },
  appComunicazioni: {
    ...app,
    method: "GET",
    path: "app/comunicazioni/",
    summary: "Le comunicazioni dell'azienda alla guardia (le segna consegnate)",
    answer: AppComunicazioniOut,
  },
  appConfermaLettura: {
    ...app,
    method: "POST",
    path: "app/comunicazioni/:id/letta/",
    summary: "Conferma di lettura",
    params: IdParams,
    answer: AppComunicazioneOut,
  },
  appAllegato: {
    ...app,
    kind: "file",
    method: "GET",
    path: "app/comunicazioni/:id/allegato/",
    summary: "L'allegato di una comunicazione",
    params: IdParams,
    file: FileDownload("L'allegato", ["application/pdf", "image/jpeg", "image/png", "image/webp"]),
  },
  /** The SOS (issue 33 item 6): 201 recorded, 200 already recorded (same id), 409 id reused. */
  appAllarme: {
    ...app,
    method: "POST",
    path: "app/allarmi/",
    summary: "SOS della guardia (idempotente per id)",
    body: AppAllarmeBody,
    answer: AppAllarmeOut,
    status: 201,
    alsoAnswers: { 200: AppAllarmeOut },
  },
  /** The phone reads it back while open: "ricevuto da …" once the office took it. */
  appStatoAllarme: {
    ...app,
    method: "GET",
    path: "app/allarmi/:id/",
    summary: "Lo stato di un proprio SOS (per id dell'app)",
    params: UuidParams,
    answer: AppAllarmeOut,
  },
  /** The guard's service reports (issue 34 item 5), the last 30 days. */
  appRelazioni: {
    ...app,
    method: "GET",
    path: "app/relazioni/",
    summary: "Le relazioni di servizio della guardia (ultimi 30 giorni)",
    answer: AppRelazioniOut,
  },
  /** 201 recorded, 200 already recorded (same id), 409 id reused; an *emergenza* raises an alarm. */
  appInviaRelazione: {
    ...app,
    method: "POST",
    path: "app/relazioni/",
    summary: "Invia una relazione di servizio (idempotente per id); un'emergenza solleva un allarme",
    body: AppRelazioneBody,
    answer: AppRelazioneOut,
    status: 201,
    alsoAnswers: { 200: AppRelazioneOut },
  },
  /** Multipart field `foto`, checked by content; at most RELAZIONE_MAX_FOTO, before approval. */
  appFotoRelazione: {
    ...app,
    method: "POST",
    path: "app/relazioni/:id/foto/",
    summary: "Allega una foto alla relazione (JPEG, PNG o WebP, controllata dal contenuto)",
    params: UuidParams,
    consumes: ["multipart/form-data"],
    answer: AppRelazioneOut,
  },
});
