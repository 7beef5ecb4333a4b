// The bot Worker: it is sent one bot's view at a time and answers with that
// bot's action. It never holds a game state, so it cannot see hidden cards.

import { bootPython } from "./python.js";

let api = null;

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "boot") {
    try {
      api = await bootPython(msg);
      self.postMessage({ type: "ready" });
    } catch (err) {
      self.postMessage({ type: "failed", reason: String(err && err.message ? err.message : err) });
    }
  } else if (msg.type === "decide") {
    try {
      self.postMessage({ type: "answer", id: msg.id, reply: api.decide(msg.request) });
    } catch (err) {
      self.postMessage({ type: "answer", id: msg.id, error: String(err && err.message ? err.message : err) });
    }
  }
};
