// Boot: language, the top bar, and the hash router (#/..., so the server
// needs no route per page and a link can be shared as it is).

import { getConfig } from "./api.js";
import { addCatalogues, has, pickLanguage, setLanguage, t, translateTree } from "./i18n.js";
import { catalogueUrls, linkStyles } from "./renderers.js";
import { settings, updateSettings } from "./settings.js";
import { clear, h, put } from "./dom.js";

const ROUTES = [
  [/^\/?$/, "home", () => import("./pages/home.js")],
  [/^\/join\/([\w-]+)$/, "home", () => import("./pages/join.js")],
  [/^\/table\/([\w-]+)$/, "home", () => import("./pages/table.js")],
  [/^\/replay\/([\w-]+)$/, "home", () => import("./pages/replay.js")],
  [/^\/rules(?:\/([\w-]+))?$/, "rules", () => import("./pages/rules.js")],
  [/^\/bots(?:\/([\w-]+))?$/, "bots", () => import("./pages/explain.js")],
  [/^\/settings$/, "settings", () => import("./pages/settings.js")],
];

let cleanup = null;
let renderToken = 0;

function parseHash() {
  const raw = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
  const [path, query = ""] = raw.split("?");
  return { path, query: new URLSearchParams(query) };
}

export function navigate(path) {
  location.hash = `#${path}`;
}

let routing = Promise.resolve();

// One page draws at a time: a page still loading (its game's renderer, a replay)
// finishes before the next one clears the screen, or both would end up on it.
// Only the latest address is drawn once the earlier one is done.
function route() {
  const token = ++renderToken;
  routing = routing.then(() => (token === renderToken ? show(token) : null)).catch((err) => console.error(err));
  return routing;
}

async function show(token) {
  const { path, query } = parseHash();
  const found = ROUTES.find(([pattern]) => pattern.test(path));
  const main = document.getElementById("main");
  if (cleanup) {
    try {
      cleanup();
    } catch (err) {
      console.error(err);
    }
    cleanup = null;
  }
  markNav(found ? found[1] : null);
  if (!found) {
    put(clear(main), notFound());
    return;
  }
  const [pattern, , load] = found;
  const params = path.match(pattern).slice(1);
  try {
    const page = await load();
    if (token !== renderToken) return;
    clear(main);
    main.className = "";
    cleanup = (await page.render(main, { params, query })) || null;
  } catch (err) {
    console.error(err);
    if (token === renderToken) put(clear(main), errorBox(err));
  }
  if (document.activeElement === document.body || !document.activeElement) main.focus({ preventScroll: true });
}

function markNav(name) {
  for (const link of document.querySelectorAll(".mainnav a")) {
    if (link.dataset.route === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

function notFound() {
  return h("section.panel.narrow", null, h("h1", null, t("error.notfound.title")),
    h("p", null, t("error.notfound.body")), h("a.button", { href: "#/" }, t("nav.home")));
}

export function errorBox(err) {
  return h("section.panel.narrow", { role: "alert" }, h("h1", null, t("error.title")),
    h("p", null, describeError(err)), h("a.button", { href: "#/" }, t("nav.home")));
}

export function describeError(err) {
  const key = err && err.code ? `error.code.${err.code}` : null;
  if (key && has(key)) return t(key);
  return t("error.generic", { message: (err && err.message) || String(err) });
}

export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h(`div.toast.${kind}`, null, message);
  put(box, item);
  setTimeout(() => item.remove(), 5000);
}

function wireLanguageButtons() {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", async () => {
      updateSettings({ lang: button.dataset.lang });
      await setLanguage(button.dataset.lang);
    });
  }
  window.addEventListener("langchange", (e) => {
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === e.detail));
    }
    document.title = t("app.title");
  });
}

// Offline play of solo tables (sw.js); a browser without it just needs the network.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err));
}

// Each game's styles and strings, from the folders /api/config names. Without the
// config the app still starts; the page that needs it will say what went wrong.
async function loadGames() {
  try {
    const config = await getConfig();
    addCatalogues(catalogueUrls(config));
    await linkStyles(config);
  } catch (err) {
    console.warn("games:", err);
  }
}

async function boot() {
  registerServiceWorker();
  wireLanguageButtons();
  await loadGames();
  await setLanguage(pickLanguage(settings().lang));
  translateTree(document);
  window.addEventListener("hashchange", route);
  window.addEventListener("langchange", () => {
    // Pages that hold live state (a table) re-label themselves; others re-render.
    if (!document.querySelector("[data-keeps-state]")) route();
  });
  await route();
}

boot();
