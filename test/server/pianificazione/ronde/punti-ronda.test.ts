/**
 * Checkpoints of a service (issue 34 item 1): CRUD with a generated, unique QR code, NFC serials
 * normalised and unique, Italian field errors with nothing written, 403 without the capability,
 * 404 across services, the audit entry; the printable QR sheet: a PDF whose page draws one QR per
 * point (rasterised here from the PDF's own rectangles and decoded back with jsQR to its code), with
 * the site, the name and the code under each.
 */
import { sql } from "drizzle-orm";
import jsQR from "jsqr";
import { queryRows } from "../../../../server/db/query";
import { posizioneQr, QR_GRIGLIA } from "../../../../server/modules/pianificazione/ronde/qr-pdf";
import { auth, describeEachDb } from "../../helpers/app";
import { pdfLines, pdfStreams } from "../../helpers/pdf-text";
import { rondeFixture } from "./ronde-fixture";

/** Fills the page's `re` rectangles (top-left user space) into an RGBA image at `scala` px per point. */
function rasterizza(content: string, scala: number, box: { x: number; y: number; lato: number }) {
  const w = Math.ceil((box.lato + 20) * scala);
  const px = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const r of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)) {
    const [x, y, rw, rh] = r.slice(1, 5).map(Number);
    const x0 = Math.round((x - box.x + 10) * scala);
    const y0 = Math.round((y - box.y + 10) * scala);
    const x1 = Math.round((x + rw - box.x + 10) * scala);
    const y1 = Math.round((y + rh - box.y + 10) * scala);
    for (let yy = Math.max(0, y0); yy < Math.min(w, y1); yy++)
      for (let xx = Math.max(0, x0); xx < Math.min(w, x1); xx++) {
        const i = (yy * w + xx) * 4;
        px[i] = px[i + 1] = px[i + 2] = 0;
      }
  }
  return { data: px, width: w, height: w };
}

describeEachDb("punti di controllo delle ronde", (ctx) => {
  const fx = rondeFixture(ctx);
  const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  let planner: { id: number; token: string };
  let s: Awaited<ReturnType<typeof fx.servizio>>;

  beforeAll(async () => {
    planner = await ctx().createUser({ permissions: ["erp_contratti"] });
    s = await fx.servizio({ nome: "Magazzino Rho", dal: "2026-07-10", giorni: 1 });
  });

  it("creates a checkpoint with a generated code, lists, updates and deletes it, audited", async () => {
    const res = await inject("POST", `${s.base}/punti-ronda/`, planner.token, {
      data: {
        nome: "Cancello nord",
        lat: "45.4650",
        lng: 9.1905,
        istruzioni: "Verificare il lucchetto",
        nfc_uid: "04:a2:3b:7c:11:22:80",
      },
    });
    expect(res.statusCode).toBe(201);
    const punto = res.json();
    expect(punto).toMatchObject({
      nome: "Cancello nord",
      lat: 45.465,
      lng: 9.1905,
      istruzioni: "Verificare il lucchetto",
      nfc_uid: "04A23B7C112280",
    });
    expect(punto.codice).toMatch(/^RP-[0-9A-HJKMNP-TV-Z]{10}$/);
    // the code cannot be set nor changed by a body
    const upd = await inject("PUT", `${s.base}/punti-ronda/${punto.id}/`, planner.token, {
      data: { nome: "Cancello nord (carraio)", codice: "RP-0000000000" },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ nome: "Cancello nord (carraio)", codice: punto.codice });
    const list = await inject("GET", `${s.base}/punti-ronda/`, planner.token);
    expect(list.json().results.map((p: { nome: string }) => p.nome)).toEqual(["Cancello nord (carraio)"]);
    const log = await queryRows<{ azione: string; note: string }>(
      ctx().database.db,
      sql`SELECT azione, note FROM log_entries WHERE content_type = 'ronda_punto' AND object_id = ${String(punto.id)} ORDER BY id`,
    );
    expect(log.map((l) => l.note)).toEqual([
      "Contratto Magazzino Rho — punto Cancello nord",
      "Contratto Magazzino Rho — punto Cancello nord (carraio)",
    ]);
    expect((await inject("DELETE", `${s.base}/punti-ronda/${punto.id}/`, planner.token)).statusCode).toBe(200);
    expect((await inject("GET", `${s.base}/punti-ronda/`, planner.token)).json().results).toEqual([]);
  });

  it("refuses bad input with Italian field errors and writes nothing", async () => {
    const bad = await inject("POST", `${s.base}/punti-ronda/`, planner.token, {
      data: { nome: " ", lat: 95, nfc_uid: "zz" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      nome: "Questo campo è obbligatorio",
      lat: "Latitudine non valida",
      nfc_uid: "UID NFC non valido (da 8 a 20 cifre esadecimali)",
    });
    const half = await inject("POST", `${s.base}/punti-ronda/`, planner.token, { data: { nome: "Tetto", lat: 45.1 } });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ lat: "Latitudine e longitudine insieme, o nessuna delle due" });
    const first = await inject("POST", `${s.base}/punti-ronda/`, planner.token, {
      data: { nome: "Porta A", nfc_uid: "0411223344" },
    });
    expect(first.statusCode).toBe(201);
    const dup = await inject("POST", `${s.base}/punti-ronda/`, planner.token, {
      data: { nome: "Porta B", nfc_uid: "04:11:22:33:44" },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ nfc_uid: 'Tag NFC già associato al punto "Porta A"' });
    const rows = await queryRows<{ nome: string }>(
      ctx().database.db,
      sql`SELECT nome FROM ronde_punti WHERE servizio_id = ${s.servizio}`,
    );
    expect(rows.map((r) => r.nome)).toEqual(["Porta A"]);
    await inject("DELETE", `${s.base}/punti-ronda/${first.json().id}/`, planner.token);
  });

  it("is closed without the contracts capability and across services", async () => {
    const other = await ctx().createUser({ permissions: ["erp_operatori"] });
    expect((await inject("GET", `${s.base}/punti-ronda/`, other.token)).statusCode).toBe(403);
    expect((await inject("GET", `${s.base}/punti-ronda/qr/`, other.token)).statusCode).toBe(403);
    const t = await fx.servizio({ nome: "Altro", dal: "2026-07-10", giorni: 1 });
    const p = (await inject("POST", `${t.base}/punti-ronda/`, planner.token, { data: { nome: "Altrove" } })).json();
    expect(
      (await inject("PUT", `${s.base}/punti-ronda/${p.id}/`, planner.token, { data: { nome: "X" } })).statusCode,
    ).toBe(404);
    const wrong = `/api/pianificazione/contratti/${s.contratto}/servizi/${t.servizio}/punti-ronda/`;
    expect((await inject("GET", wrong, planner.token)).statusCode).toBe(404);
  });

  it("prints the QR sheet: every code decodes back to its point, with site, name and code under it", async () => {
    const nomi = ["Cancello nord", "Magazzino 2 — porta est", "Locale caldaie", "Tetto (scala B)"];
    const codici: string[] = [];
    for (const nome of nomi) {
      const res = await inject("POST", `${s.base}/punti-ronda/`, planner.token, { data: { nome } });
      codici.push(res.json().codice);
    }
    const res = await inject("GET", `${s.base}/punti-ronda/qr/`, planner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`punti-controllo-servizio-${s.servizio}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/Count 1");
    const pages = pdfStreams(pdf)
      .map((b) => b.toString("latin1"))
      .filter((c) => c.includes(" re"));
    expect(pages).toHaveLength(1);
    const text = pdfLines(Buffer.from(pages[0], "latin1")).join("\n");
    expect(text).toContain("Punti di controllo - Servizio Magazzino Rho");
    expect(text).toContain("Cliente Magazzino Rho - Piazza del Duomo 1, Milano");
    // the sheet is sorted by name, like the list
    const ordinati = nomi.map((n, i) => ({ n, c: codici[i] })).sort((a, b) => a.n.localeCompare(b.n, "it"));
    ordinati.forEach(({ n, c }, i) => {
      const pos = posizioneQr(i);
      const img = rasterizza(pages[0], 3, { x: pos.x, y: pos.y, lato: QR_GRIGLIA.lato });
      expect(jsQR(img.data, img.width, img.height)?.data).toBe(c);
      expect(text).toContain(c);
      expect(text).toContain(n.replace("—", "-"));
    });
    expect(text.split("Servizio Magazzino Rho").length - 1).toBeGreaterThanOrEqual(4);
  });
});
