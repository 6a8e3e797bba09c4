/**
 * The field app's entry (/app/campo/, issue 33): its own store, session and screens, none of the
 * back office's. In production the service worker (workbox, webpack.config.ts) precaches the shell
 * so the app opens with no network after the first visit.
 */
import { createRoot } from "react-dom/client";
import { CampoApp } from "./app";

const root = document.getElementById("root");
if (root) createRoot(root).render(<CampoApp />);

if (process.env.NODE_ENV === "production" && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/app/campo/sw.js", { scope: "/app/campo/" }).catch((err) => {
      console.warn("Service worker non registrato", err);
    });
  });
}
