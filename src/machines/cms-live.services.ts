/**
 * The stream of the control room's live machine: GET /api/cms/control-room/eventi/{id}/live/ read
 * with fetch (not EventSource: it cannot send the Authorization header, and the token stays out
 * of URLs and logs). Each `event: snapshot` becomes SNAPSHOT, `event: ping` PING; a 404 (no such
 * event) NOT_FOUND; a failed request, another error answer or the end of the stream becomes ERROR. A 401 ends the session as any
 * call does (api/base.ts). Stopping the actor aborts the request.
 */
import { fromCallback } from "xstate";
import { apiUrl, noticeRefusedToken } from "../api/base";
import { tokenStorage } from "../api/token-storage";
import type { ControlRoom } from "../domain/contracts/cms/control-room";
import { type CmsLiveEvent, type CmsLiveInput, cmsLiveMachine } from "./cms-live.machine";

/** Splits a text/event-stream into its messages ({event, data}); returns the unfinished rest. */
export function parseSse(buffer: string): { messages: { event: string; data: string }[]; rest: string } {
  const messages: { event: string; data: string }[] = [];
  const parts = buffer.split(/\r?\n\r?\n/);
  const rest = parts.pop() ?? "";
  for (const block of parts) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length || event !== "message") messages.push({ event, data: data.join("\n") });
  }
  return { messages, rest };
}

export const liveStream = fromCallback<CmsLiveEvent, CmsLiveInput>(({ sendBack, input }) => {
  const abort = new AbortController();
  const fail = (message: string) => {
    if (!abort.signal.aborted) sendBack({ type: "ERROR", message });
  };
  (async () => {
    const token = tokenStorage.get();
    const res = await fetch(apiUrl(`cms/control-room/eventi/${input.eventoId}/live/`), {
      headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Token ${token}` } : {}) },
      cache: "no-store",
      signal: abort.signal,
    });
    noticeRefusedToken(res.status);
    if (res.status === 404) {
      if (!abort.signal.aborted) sendBack({ type: "NOT_FOUND" });
      return;
    }
    if (!res.ok || !res.body) return fail(`HTTP ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return fail("Connessione chiusa dal server");
      buffer += decoder.decode(value, { stream: true });
      const { messages, rest } = parseSse(buffer);
      buffer = rest;
      for (const m of messages) {
        if (m.event === "snapshot") sendBack({ type: "SNAPSHOT", data: JSON.parse(m.data) as ControlRoom });
        else if (m.event === "ping") sendBack({ type: "PING" });
      }
    }
  })().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
  return () => abort.abort();
});

/** The machine with its real stream. */
export const appCmsLiveMachine = cmsLiveMachine.provide({ actors: { stream: liveStream } });
