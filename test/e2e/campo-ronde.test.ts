/**
 * A guard tour end to end (issue 34), on the file's own demo database and Debian's Chromium: the
 * planner's API puts four checkpoints and a tour plan (every 30 minutes, round the clock) on the
 * service of a guard with a shift that started a while ago — the rounds are created at the plan's
 * save —; the guard signs in on a phone, opens Ronde, starts a round whose window has closed, and
 * offline types three of the four codes (the phone's clock set inside that round: scans made then,
 * synced late); nothing reaches the server while offline; back online the outbox sends them, the
 * server judges the round *incompleta* with the missing point named, and the back office's header
 * counts a "Ronda incompleta" anomaly; a planner sees it on the service's Ronde tab and in Report →
 * Ronde, and downloads the QR sheet. A second phone whose camera (Chromium's fake capture device)
 * shows a printed QR code scans it: the jsQR path reads it and the server records a QR scan.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { chromium } from "playwright-core";
import { encode } from "uqr";
import { ADMIN, adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";
import { oggi, PASSWORD, phone, signIn, WAIT } from "./helpers/campo";

jest.setTimeout(240_000);

let browser: Browser;

interface Ronda {
  id: number;
  piano: string;
  previsto_il: string;
  fine_finestra: string;
  stato: string;
  punti: { nome: string; codice: string }[];
  punti_mancanti: string[];
}

/** Now on Rome's wall clock, "YYYY-MM-DD HH:mm:ss" (the API's times compare as text). */
const romaOra = (ms = Date.now()) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Rome",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
    .format(ms)
    .replace("T", " ");

/** A Rome wall-clock time as an instant (away from the clock change: the offset of that moment). */
function daRoma(s: string): number {
  const guess = Date.parse(`${s.replace(" ", "T")}Z`);
  const offset = Date.parse(`${romaOra(guess).replace(" ", "T")}Z`) - guess;
  return guess - offset;
}

const ieri = () => romaOra(Date.now() - 86_400_000).slice(0, 10);

beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A guard with app credentials and a round of a plan on their service whose window has closed. */
async function preparaRonda(admin: string) {
  const rows: { operatore_id: number; servizio_id: number; cliente_id: number }[] = [];
  for (const giorno of [oggi(), ieri()]) {
    const r = await api<{ results: typeof rows }>(
      "GET",
      `/api/comunicazioni/attivita/?giorno=${giorno}&page_size=200`,
      admin,
    );
    rows.push(...r.body.results);
  }
  const provati = new Set<number>();
  for (const row of rows) {
    if (provati.has(row.servizio_id)) continue;
    provati.add(row.servizio_id);
    const contratti = await api<{ results: { id: number }[] }>(
      "GET",
      `/api/pianificazione/contratti/?cliente_id=${row.cliente_id}&page_size=100`,
      admin,
    );
    let contratto: number | null = null;
    for (const c of contratti.body.results) {
      const servizi = await api<{ results: { id: number }[] }>(
        "GET",
        `/api/pianificazione/contratti/${c.id}/servizi/`,
        admin,
      );
      if (servizi.body.results.some((s) => s.id === row.servizio_id)) contratto = c.id;
    }
    if (contratto === null) continue;
    const base = `/api/pianificazione/contratti/${contratto}/servizi/${row.servizio_id}`;
    const punti: number[] = [];
    for (const nome of ["Cancello nord", "Magazzino", "Locale caldaie", "Parcheggio"]) {
      const p = await api<{ id: number }>("POST", `${base}/punti-ronda/`, admin, { data: { nome } });
      if (p.status !== 201) throw new Error(`punto: ${p.status} ${JSON.stringify(p.body)}`);
      punti.push(p.body.id);
    }
    const piano = `Giro e2e ${crypto.randomBytes(2).toString("hex")}`;
    const pr = await api("POST", `${base}/piani-ronda/`, admin, {
      data: { nome: piano, punti, ogni_minuti: 30, dalle: "00:00", alle: "00:00", tolleranza_minuti: 5 },
    });
    if (pr.status !== 201) throw new Error(`piano: ${pr.status} ${JSON.stringify(pr.body)}`);
    // the guard: app and credentials as HR gives them
    await api("PUT", `/api/anagrafiche/operatori/${row.operatore_id}/`, admin, { data: { applicazione: true } });
    const username = `ronda${crypto.randomBytes(4).toString("hex")}`;
    const cred = await api("POST", `/api/comunicazioni/operatori/${row.operatore_id}/credenziali-app/`, admin, {
      data: { username, password: PASSWORD, password_utente: ADMIN.password },
    });
    if (cred.status !== 200) continue;
    const login = await api<{ token: string }>("POST", "/api/app/login/", undefined, { username, password: PASSWORD });
    const ronde = await api<{ results: Ronda[] }>("GET", "/api/app/ronde/", login.body.token);
    const adesso = romaOra();
    // a round of this plan, on the guard's shift, closed at least 5 minutes ago
    const chiusa = ronde.body.results
      .filter(
        (r) => r.piano === piano && r.fine_finestra < romaOra(Date.now() - 5 * 60_000) && r.fine_finestra < adesso,
      )
      .at(-1);
    if (chiusa) return { base, username, token: login.body.token, ronda: chiusa };
  }
  throw new Error("nessuna guardia dei dati demo con un turno iniziato da almeno 40 minuti");
}

test("three of four points scanned offline: back online the office sees incompleta, the missing point and the anomaly", async () => {
  const admin = await adminToken();
  const { base, username, ronda } = await preparaRonda(admin);
  const mancante = ronda.punti[2];
  const { context, page } = await phone(browser);
  await signIn(page, { username });
  await page.getByRole("button", { name: "Ronde" }).click();
  const ora = ronda.previsto_il.slice(11, 16);
  const card = page.getByRole("article", { name: `Ronda ${ronda.piano} delle ${ora}` });
  await card.getByRole("button", { name: "Avvia ronda" }).click(WAIT);

  await context.setOffline(true);
  await page.getByText("Offline").waitFor(WAIT);
  // The phone's clock inside the round (its scans were made then; they reach the server late).
  const inizio = daRoma(ronda.previsto_il) + 2 * 60_000;
  for (const [i, p] of ronda.punti.entries()) {
    if (p === mancante) continue;
    await page.clock.setFixedTime(new Date(inizio + i * 60_000));
    await page.getByRole("button", { name: "Digita codice" }).first().click();
    await page.getByLabel("Codice del punto (scritto sotto il QR)").fill(p.codice);
    await page.getByRole("button", { name: "Registra passaggio" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `"${p.nome}"` })
      .waitFor(WAIT);
  }
  await page.getByText("In coda").first().waitFor(WAIT);
  await page.getByRole("button", { name: "In coda (3)" }).waitFor(WAIT);
  const giorno = romaOra(daRoma(ronda.previsto_il) - 12 * 3600_000).slice(0, 10);
  const ufficio = async () =>
    (
      await api<{ results: (Ronda & { iniziata_il: string | null })[] }>(
        "GET",
        `${base}/ronde/?giorno=${giorno}`,
        admin,
      )
    ).body.results.find((r) => r.id === ronda.id);
  expect((await ufficio())?.iniziata_il).toBeNull();
  await shot(page, "campo-ronda-offline");

  await context.setOffline(false);
  let visto: Awaited<ReturnType<typeof ufficio>>;
  for (let i = 0; i < 60; i++) {
    visto = await ufficio();
    if (visto?.stato === "incompleta" && visto.punti_mancanti.length === 1) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(visto).toMatchObject({ stato: "incompleta", punti_mancanti: [mancante.nome] });
  expect(visto?.punti.filter((p) => (p as { passato_il?: string | null }).passato_il).map((p) => p.nome)).toEqual(
    ronda.punti.filter((p) => p !== mancante).map((p) => p.nome),
  );
  // The header's problems: the round's anomaly, new.
  const problemi = await api<{ fonte: string; titolo: string }[]>("GET", "/api/comunicazioni/problemi-attivi/", admin);
  expect(problemi.body.map((p) => `${p.fonte}: ${p.titolo}`)).toContain("anomalia: Ronda incompleta");
  const anomalie = await api<{ results: { tipo: string; note: string }[] }>(
    "GET",
    "/api/comunicazioni/anomalie/?tipo=ronda_incompleta&page_size=50",
    admin,
  );
  expect(anomalie.body.results.some((a) => a.note.includes(`Punti mancati: ${mancante.nome}`))).toBe(true);
  await page.getByRole("button", { name: "In coda" }).click();
  await page.getByRole("list", { name: "Azioni inviate" }).getByRole("listitem").nth(2).waitFor(WAIT);
  await shot(page, "campo-ronda-inviata");
  await context.close();

  // The planner's screens: the service's Ronde tab (the night of the round) and Report → Ronde.
  const planner = await createStaffUser(["erp_contratti"]);
  const office = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await loginThroughUi(office.page, planner.username, planner.password);
  await office.page.waitForURL((u) => !u.pathname.endsWith("/login"), WAIT);
  const tab = base.replace("/api/pianificazione", "/app/pianificazione");
  await office.page.goto(`${tab}/ronde`);
  const punti = office.page.getByRole("table", { name: "Punti di controllo" });
  await punti.getByText(mancante.codice).waitFor(WAIT);
  const download = office.page.waitForEvent("download");
  await office.page.getByRole("button", { name: "Stampa QR dei punti" }).click();
  expect((await (await download).path()) !== null).toBe(true);
  await office.page.getByLabel("Notte del").fill(`${giorno.slice(8, 10)}/${giorno.slice(5, 7)}/${giorno.slice(0, 4)}`);
  await office.page.getByLabel("Notte del").press("Enter");
  const notte = office.page.getByRole("table", { name: "Ronde della notte" });
  await notte
    .getByRole("row")
    .filter({ hasText: mancante.nome })
    .filter({ hasText: "Incompleta" })
    .first()
    .waitFor(WAIT);
  await shot(office.page, "ronde-servizio");
  // the period from the round's night (the page opens on the month so far)
  await office.page.goto(`/app/report/ronde?f.periodo_dal=${giorno}&f.periodo_al=${oggi()}`);
  // its plan is a column in view (the missed points are further right)
  await office.page.getByRole("grid", { name: "Ronde" }).getByText(ronda.piano).first().waitFor(WAIT);
  await shot(office.page, "report-ronde");
  await office.context.close();
});

/**
 * A video of a printed QR code as the camera sees it (YUV4MPEG2, what Chromium's fake capture
 * device plays): black modules on white, 8 px each, a quiet zone of 4 modules, in a 640×480 frame.
 */
function videoDelQr(codice: string, file: string) {
  const { data, size } = encode(codice);
  const [w, h, mod] = [640, 480, 8];
  const lato = (size + 8) * mod;
  const [x0, y0] = [Math.floor((w - lato) / 2), Math.floor((h - lato) / 2)];
  const y = Buffer.alloc(w * h, 235);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (data[r]?.[c])
        for (let dy = 0; dy < mod; dy++)
          y.fill(
            16,
            (y0 + (r + 4) * mod + dy) * w + x0 + (c + 4) * mod,
            (y0 + (r + 4) * mod + dy) * w + x0 + (c + 5) * mod,
          );
  const uv = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, uv]);
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 10 }, () => frame),
    ]),
  );
}

test("a point scanned with the phone's camera (Chromium's camera playing its printed QR) is recorded as a QR scan", async () => {
  const admin = await adminToken();
  const { username, ronda } = await preparaRonda(admin);
  const punto = ronda.punti[0];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ronda-qr-"));
  const video = path.join(dir, "qr.y4m");
  videoDelQr(punto.codice, video);
  const camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--lang=it-IT",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const { context, page } = await phone(camera);
    await context.grantPermissions(["camera"]);
    await signIn(page, { username });
    await page.getByRole("button", { name: "Ronde" }).click();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith("/api/app/ronde/passaggi/") && r.request().method() === "POST",
      WAIT,
    );
    await page.getByRole("button", { name: "Scansiona QR" }).first().click();
    const res = await sent;
    expect([200, 201]).toContain(res.status());
    expect(res.request().postDataJSON().data).toMatchObject({ codice: punto.codice, metodo: "qr" });
    expect(await res.json()).toMatchObject({ punto: punto.nome, metodo: "qr" });
    // The camera closed itself on the first code read; the outbox shows it sent.
    await page.getByRole("button", { name: "In coda" }).click();
    await page.getByRole("list", { name: "Azioni inviate" }).getByRole("listitem").first().waitFor(WAIT);
    await shot(page, "campo-ronda-fotocamera");
    await context.close();
  } finally {
    await camera.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
