// The engine Worker of a solo table: it holds the true state (through the
// project's own Python, see worker_api.py), answers the page's messages with
// the frames a server table sends over its WebSocket, and drives the bots.
// The page only ever receives the human's view; each bot's view goes to the
// bot Worker and nowhere else.

import { BotRunner } from "./botrunner.js";
import { bootPython } from "./python.js";
import { loadRecord, saveRecord } from "./records.js";

let api = null;
let cfg = null; // from the page: urls, budgets, timeout, min_think_ms, fallback_bot
let table = null; // {id, human}
let bots = null;
let generation = 0; // bumped by every undo: older bot answers are stale
let driving = false;
let failure = null; // the engine's error once it has thrown: the table is stopped for good
const counters = { late_discarded: 0, fallbacks: 0, fallback_reasons: {} };
const inbox = [];

const send = (text) => self.postMessage({ frame: text });
const sendObj = (obj) => send(JSON.stringify(obj));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function status(extra = {}) {
  sendObj({ type: "solo", counters, bot_worker: bots ? bots.status : "none",
    bot_worker_reason: bots ? bots.reason : null, ...extra });
}

async function open(msg) {
  cfg = msg.config;
  try {
    api = await bootPython(cfg);
  } catch (err) {
    sendObj({ type: "unavailable", reason: String(err && err.message ? err.message : err) });
    return;
  }
  const saved = await loadRecord(msg.id).catch(() => null);
  if (!saved && (!msg.create || msg.replayOnly)) {
    sendObj({ type: "error", code: "table_not_found", message: msg.id, ref: null, state_id: null });
    return;
  }
  try {
    const text = saved ? api.resume(saved) : api.create(JSON.stringify({ ...msg.create, id: msg.id, seed: msg.create.seed ?? newSeed() }));
    table = { id: msg.id, human: JSON.parse(text).human };
    await saveRecord(table.id, text);
  } catch (err) {
    sendObj({ type: "error", code: "bad_request", message: String(err.message || err), ref: null, state_id: null });
    return;
  }
  send(api.welcome(table.id, table.human));
  send(api.state(table.id, table.human));
  if (msg.replayOnly) {
    for (const m of inbox.splice(0)) onPage(m);
    return;
  }
  bots = new BotRunner({ pyodideUrl: cfg.pyodideUrl, bundleUrl: cfg.bundleUrl }, counters, () => status());
  status();
  for (const m of inbox.splice(0)) onPage(m);
  drive();
}

function newSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0] & 0x7fffffff) << 32n) | BigInt(words[1])).toString();
}

async function persist() {
  await saveRecord(table.id, api.record(table.id, table.human));
}

function onPage(msg) {
  if (!table) {
    inbox.push(msg);
    return;
  }
  if (failure) {
    engineError();
    return;
  }
  try {
    handlePage(msg);
  } catch (err) {
    stop(err);
  }
}

// The engine threw (a bug in it, or this browser's Python failing): as at a server
// table the game stops for good and the page says so, instead of waiting forever.
function stop(err) {
  failure = String((err && err.message) || err);
  if (bots) bots.abandon();
  engineError();
  status({ engine: "failed" });
}

function engineError() {
  sendObj({ type: "error", code: "engine_error", message: failure, ref: null, state_id: null });
}

function handlePage(msg) {
  if (msg.type === "debug" && msg.fail_engine) {
    api = new Proxy({}, { get: () => () => { throw new Error("the engine was broken on purpose"); } });
    return;
  }
  if (msg.type === "replay") {
    self.postMessage({ replay: api.replay(table.id), ref: msg.ref ?? null });
    return;
  }
  if (msg.type === "debug" && msg.kill_bot) {
    bots.kill();
    return;
  }
  const { frames, changed } = JSON.parse(api.handle(table.id, table.human, JSON.stringify(msg)));
  for (const frame of frames) send(frame);
  if (changed) {
    if (msg.type === "undo") {
      generation += 1;
      bots.abandon();
    }
    persist();
    drive();
  }
}

// Bot turns chain until the human must act (as the server's driver does).
async function drive() {
  if (driving) return;
  driving = true;
  try {
    let turn;
    while (!failure && (turn = JSON.parse(api.bot_turn(table.id, JSON.stringify(cfg.budgets_ms)))) !== null) {
      await botTurn(turn);
    }
  } catch (err) {
    stop(err);
  } finally {
    driving = false;
  }
}

async function botTurn(turn) {
  const gen = generation;
  send(turn.thinking);
  const started = performance.now();
  const limitMs = turn.budget_ms * cfg.timeout.factor + cfg.timeout.extra_s * 1000;
  const outcome = await bots.ask(turn.request, limitMs);
  if (outcome.abandoned || gen !== generation || failure) return;
  let reply = outcome.reply;
  let meta = { by: "bot", bot: turn.bot };
  if (!reply) ({ reply, meta } = fallback(outcome.reason));
  const rest = cfg.min_think_ms - (performance.now() - started);
  if (rest > 0) await sleep(rest);
  if (gen !== generation) {
    counters.late_discarded += 1;
    status();
    return;
  }
  meta.ms = performance.now() - started;
  let result = JSON.parse(api.bot_commit(table.id, table.human, turn.version, reply, JSON.stringify(meta)));
  if (result.illegal) {
    ({ reply, meta } = fallback("illegal"));
    meta.ms = performance.now() - started;
    result = JSON.parse(api.bot_commit(table.id, table.human, turn.version, reply, JSON.stringify(meta)));
  }
  if (!result.frames) return;
  for (const frame of result.frames) send(frame);
  await persist();
  status();
}

// The fallback bot (the site's fallback_bot, Easy by default) answers here, in the
// engine Worker, from the bot's own view.
function fallback(reason) {
  counters.fallbacks += 1;
  counters.fallback_reasons[reason] = (counters.fallback_reasons[reason] || 0) + 1;
  const reply = api.fallback(table.id, reason, cfg.fallback_bot || "easy");
  return { reply, meta: { by: "fallback", bot: JSON.parse(reply).bot, reason } };
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "open") open(msg);
  else onPage(msg);
};
