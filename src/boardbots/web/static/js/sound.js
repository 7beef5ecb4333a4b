// Short sounds for the moments worth hearing when looking away: your turn, a bot's
// move, the end of the game. They are made with WebAudio (a few sine notes), so no
// file is downloaded, and they stay off until the player turns them on in Settings.

import { settings } from "./settings.js";

// Each sound is a few notes: [frequency in Hz, start in s, length in s].
export const SOUNDS = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.14]],
  bot: [[440, 0, 0.07]],
  end: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.28]],
};
const VOLUME = 0.12;

let context = null;

// Which sound a new state calls for, if any: the end of the game, your turn coming
// back, or a bot finishing what it does before someone else decides. Nothing on the
// first state a page gets (opening or reloading a table is not news).
export function soundFor(before, msg, you) {
  if (!before || before.decision === msg.decision) return null;
  if (msg.status === "finished" && before.status !== "finished") return "end";
  if (msg.status !== "playing") return null;
  if (msg.your_turn && !before.your_turn) return "turn";
  const last = msg.last;
  const next = msg.pending ? msg.pending.player : null;
  if (last && last.by !== "human" && last.seat !== you && next !== last.seat) return "bot";
  return null;
}

// Play `kind` when sounds are on; a browser without WebAudio stays silent.
export function playSound(kind) {
  if (!kind || !settings().sound) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!context) context = new Context();
  // Without a click on this page yet the browser may keep audio suspended: stay silent.
  if (context.state === "suspended") context.resume().catch(() => {});
  const now = context.currentTime;
  for (const [freq, start, length] of SOUNDS[kind] || []) note(context, freq, now + start, length);
}

function note(ctx, freq, at, length) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(freq, at);
  // A quick rise and fall, so the note has no click at either end.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain);
  gain.connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}
