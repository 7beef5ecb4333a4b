// The engine Worker's handle on the bot Worker: request ids, the wait limit
// (budget x factor + extra, as on the server), late answers counted and
// dropped, and a fresh Worker after a timeout or a crash.

const START_LIMIT_MS = 60000; // loading Pyodide on a slow device

export class BotRunner {
  constructor(boot, counters, changed) {
    this.boot = boot; // {pyodideUrl, bundleUrl}
    this.counters = counters;
    this.changed = changed; // called when the counters or the status change
    this.pending = new Map(); // id -> {resolve, timer}
    this.nextId = 0;
    this.start();
  }

  start() {
    this.status = "loading";
    this.reason = null;
    this.ready = new Promise((resolve) => { this.markReady = resolve; });
    const worker = new Worker(new URL("./bot-worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    worker.onmessage = (e) => this.onMessage(e.data);
    worker.onerror = (e) => { e.preventDefault(); this.crashed(`bot worker error: ${e.message || "unknown"}`); };
    this.startTimer = setTimeout(() => this.crashed("the bot worker did not start in time"), START_LIMIT_MS);
    worker.postMessage({ type: "boot", ...this.boot });
  }

  onMessage(m) {
    if (m.type === "ready" || m.type === "failed") {
      clearTimeout(this.startTimer);
      this.status = m.type;
      this.reason = m.reason || null;
      this.markReady(m.type === "ready");
      this.changed();
      return;
    }
    const waiting = this.pending.get(m.id);
    if (!waiting || waiting.abandoned) {
      this.pending.delete(m.id);
      this.counters.late_discarded += 1; // undo, timeout or leaving: nobody waits any more
      this.changed();
      return;
    }
    this.pending.delete(m.id);
    clearTimeout(waiting.timer);
    waiting.resolve(m.error ? { reason: "error", detail: m.error } : { reply: m.reply });
  }

  crashed(reason) {
    clearTimeout(this.startTimer);
    this.status = "failed";
    this.reason = reason;
    this.markReady(false);
    this.changed();
    this.worker.terminate();
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.resolve({ reason: "crashed" });
    }
    this.pending.clear();
  }

  // {reply: text} or {reason} (the caller then plays Easy) or {abandoned: true}.
  async ask(requestText, limitMs) {
    if (!(await this.ready)) return { reason: "no_worker" };
    const id = ++this.nextId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ reason: "timeout" });
        this.restart(); // it may be stuck: a new one answers the next request
      }, limitMs);
      this.pending.set(id, { resolve, timer });
      this.worker.postMessage({ type: "decide", id, request: requestText });
    });
  }

  // An undo or a close: the pending answer will be discarded when it comes.
  abandon() {
    const ids = [...this.pending.keys()];
    for (const id of ids) {
      const waiting = this.pending.get(id);
      clearTimeout(waiting.timer);
      waiting.resolve({ abandoned: true });
      this.pending.set(id, { resolve: () => {}, timer: null, abandoned: true });
    }
  }

  restart() {
    this.worker.terminate();
    for (const waiting of this.pending.values()) if (!waiting.abandoned) waiting.resolve({ reason: "crashed" });
    this.pending.clear();
    this.start();
    this.changed();
  }

  // For tests and the developer console: the Worker dies mid-decision, unannounced.
  kill() {
    this.worker.terminate();
  }
}
