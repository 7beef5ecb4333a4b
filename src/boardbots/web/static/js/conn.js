// One table's WebSocket (docs/server.md): hello, then an ordered queue of
// server messages. A bot's move is shown no sooner than the player's minimum
// thinking time after its "thinking" message, and every state, whoever made
// the move, goes through the same handler (so bot moves animate like ours).

import { parseJSON } from "./json.js";

export class TableConnection extends EventTarget {
  constructor(tableId, creds, minThinkMs) {
    super();
    this.tableId = tableId;
    this.creds = creds; // {seat, token} or null for a spectator
    this.minThinkMs = minThinkMs;
    this.queue = [];
    this.busy = false;
    this.thinking = null; // {seat, bot, at}
    this.decision = -1;
    this.stateId = null;
    this.receivedId = null; // the newest state id received, maybe still held for pacing
    this.held = null; // {decision, wake} while a bot move waits out its thinking time
    this.closed = false;
    this.retry = 0;
    this.refs = 0;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.emit("connection", { up: true });
      const hello = { type: "hello" };
      if (this.creds && this.creds.token) {
        hello.seat = this.creds.seat;
        hello.token = this.creds.token;
      }
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = parseJSON(ev.data);
      } catch {
        return;
      }
      this.received(msg);
    });
    ws.addEventListener("close", (ev) => {
      this.emit("connection", { up: false, code: ev.code });
      if (this.closed || ev.code === 4404 || ev.code === 1000) {
        if (ev.code === 4404) this.emit("gone", {});
        return;
      }
      const wait = Math.min(8000, 500 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.open(), wait);
    });
  }

  // Queue a server message. A takeback that arrives while a bot's move is held for
  // pacing ends the hold: the move it undoes is not shown first.
  received(msg) {
    if (msg.type === "state") {
      this.receivedId = msg.state_id;
      if (this.held && msg.decision <= this.held.decision) this.held.wake();
    }
    this.queue.push(msg);
    this.pump();
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  async pump() {
    if (this.busy) return;
    this.busy = true;
    while (this.queue.length) {
      const msg = this.queue.shift();
      await this.handle(msg);
    }
    this.busy = false;
  }

  async handle(msg) {
    switch (msg.type) {
      case "thinking":
        this.thinking = { seat: msg.seat, bot: msg.bot, at: performance.now(), budget: msg.budget_ms };
        this.emit("thinking", this.thinking);
        break;
      case "state":
        await this.holdForThinking(msg);
        this.stateId = msg.state_id;
        this.decision = msg.decision;
        if (!this.queue.some((m) => m.type === "state" && m.decision <= msg.decision)) this.emit("state", msg);
        break;
      case "welcome":
        this.you = msg.you;
        this.emit("welcome", msg);
        break;
      case "error":
        if (msg.state_id !== null && msg.state_id !== undefined && msg.code === "stale_state") this.sync();
        this.emit("servererror", msg);
        break;
      default:
        this.emit(msg.type, msg);
    }
  }

  // A bot's move waits until its thinking has been on screen for minThinkMs.
  async holdForThinking(msg) {
    const think = this.thinking;
    if (!think) return;
    const last = msg.last;
    const isBotMove = msg.decision > this.decision && last && last.seat === think.seat;
    const stillThinking = !isBotMove && msg.decision > this.decision;
    if (isBotMove) {
      const wait = think.at + this.minThinkMs - performance.now();
      if (wait > 0) {
        await new Promise((resolve) => {
          this.held = { decision: msg.decision, wake: resolve };
          setTimeout(resolve, wait);
        });
        this.held = null;
      }
    }
    if (!stillThinking || msg.status !== "playing") {
      this.thinking = null;
      this.emit("thinking", null);
    }
  }

  send(payload) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.refs += 1;
    this.ws.send(JSON.stringify({ ...payload, ref: this.refs }));
    return true;
  }

  act(action) {
    return this.send({ type: "action", state_id: this.stateId, action });
  }

  // A takeback removes the bot replies too, so it names the newest state received:
  // a bot move still held back for pacing must not make the request stale.
  undo() {
    return this.send({ type: "undo", state_id: this.receivedId ?? this.stateId });
  }

  sync() {
    return this.send({ type: "sync" });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      try {
        this.ws.send(JSON.stringify({ type: "leave" }));
      } catch {
        /* closing anyway */
      }
    }
    if (this.ws) this.ws.close(1000);
  }
}
