// Player settings kept in this browser (localStorage): language, name,
// minimum thinking time, developer options, reduced motion, sounds.

const KEY = "boardbots.settings";
const DEFAULTS = {
  lang: null,
  name: "",
  minThinkMs: null, // null: the server's min_think_ms
  developer: false,
  reduceMotion: false,
  sound: false, // js/sound.js: off until the player turns it on
  botsOn: null, // solo tables: "device" or "server"; null: the device when it can
};

let current = load();
const listeners = new Set();

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function settings() {
  return current;
}

export function updateSettings(changes) {
  current = { ...current, ...changes };
  localStorage.setItem(KEY, JSON.stringify(current));
  document.documentElement.classList.toggle("reduce-motion", Boolean(current.reduceMotion));
  for (const fn of listeners) fn(current, changes);
}

export function onSettings(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Seat tokens for the tables this browser plays at, so a reload reconnects.
const SEATS = "boardbots.seats";

export function seatFor(tableId) {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}")[tableId] || null;
  } catch {
    return null;
  }
}

export function saveSeat(tableId, entry) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(SEATS) || "{}");
  } catch {
    all = {};
  }
  all[tableId] = { ...(all[tableId] || {}), ...entry };
  localStorage.setItem(SEATS, JSON.stringify(all));
}

document.documentElement.classList.toggle("reduce-motion", Boolean(current.reduceMotion));
