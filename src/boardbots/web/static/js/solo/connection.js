// A solo table's connection: the same events and calls as a server table's
// WebSocket (conn.js), but the other end is the engine Worker in this browser.
// The frames are the server's own shapes, so the table page and renderers are
// unchanged.

import { TableConnection } from "../conn.js";
import { parseJSON } from "../json.js";

export function workerConfig(config) {
  const b = config.browser;
  return {
    pyodideUrl: new URL(b.pyodide_url, location.href).href,
    bundleUrl: new URL(b.bundle_url, location.href).href,
    budgets_ms: { ...config.budgets_ms, default: config.default_budget_ms },
    timeout: config.timeout,
    min_think_ms: config.min_think_ms,
    fallback_bot: config.fallback_bot,
  };
}

// Keep Pyodide and the bundle in the service worker's cache (sw.js), so this table
// can be reloaded and finished offline. Cheap when the browser already has them.
async function keepOffline(config) {
  if (!("caches" in globalThis)) return;
  const b = config.browser;
  const urls = [...b.pyodide_files.map((name) => new URL(name, new URL(b.pyodide_url, location.href)).href),
    new URL(b.bundle_url, location.href).href];
  const cache = await caches.open("boardbots-v1");
  const missing = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

export class SoloConnection extends TableConnection {
  constructor(tableId, creds, minThinkMs, config, { replayOnly = false } = {}) {
    super(tableId, creds, minThinkMs);
    this.frames = []; // every frame received, for the developer console and tests
    this.replies = new Map();
    this.solo = null; // the engine Worker's counters and bot Worker status
    globalThis.boardbotsSolo = this;
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (e) => {
      if (e.data.frame !== undefined) this.onFrame(e.data.frame);
      else this.onReplay(e.data);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.emit("unavailable", { reason: e.message || "the engine worker failed" });
    };
    keepOffline(config).catch((err) => console.warn("offline copy:", err));
    this.worker.postMessage({ type: "open", id: tableId, create: creds && creds.solo, config: workerConfig(config), replayOnly });
  }

  open() {
    // The base class opens a WebSocket here; a solo table's other end is the Worker above.
  }

  onFrame(text) {
    this.frames.push(text);
    const msg = parseJSON(text);
    if (msg.type === "solo") {
      this.solo = msg;
      this.emit("solo", msg);
    } else if (msg.type === "unavailable") {
      this.emit("unavailable", msg);
    } else {
      if (msg.type === "welcome") this.emit("connection", { up: true });
      this.received(msg);
    }
  }

  send(payload) {
    this.refs += 1;
    this.worker.postMessage({ ...payload, ref: this.refs });
    return true;
  }

  onReplay({ replay, ref }) {
    const resolve = this.replies.get(ref);
    this.replies.delete(ref);
    if (resolve) resolve(replay);
  }

  // The finished game's replay (with its seed), as GET /api/tables/{id}/replay gives it.
  async replay() {
    return parseJSON(await this.replayText());
  }

  // The same as JSON text: the seed may be beyond 2^53, which JSON.stringify cannot write.
  replayText() {
    this.refs += 1;
    const ref = this.refs;
    return new Promise((resolve) => {
      this.replies.set(ref, resolve);
      this.worker.postMessage({ type: "replay", ref });
    });
  }

  killBotWorker() {
    this.worker.postMessage({ type: "debug", kill_bot: true });
  }

  // Tests only: the engine throws from now on, as a broken engine would.
  breakEngine() {
    this.worker.postMessage({ type: "debug", fail_engine: true });
  }

  close() {
    this.closed = true;
    this.worker.terminate();
    if (globalThis.boardbotsSolo === this) globalThis.boardbotsSolo = null;
  }
}

export const isSolo = (tableId) => tableId.startsWith("solo-");

export function newSoloId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `solo-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

// The table summary a solo table starts with (the engine's welcome replaces it).
export function soloSummary(tableId, spec) {
  return {
    id: tableId, game: spec.game, options: spec.options, status: "playing", decision: 0, state_id: 0,
    seats: spec.seats.map((s, i) => ({ seat: i, kind: s.kind, name: s.kind === "human" ? spec.name : null,
      bot: s.bot || null, joined: true, connected: true })),
    open_seats: [], result: null,
  };
}
