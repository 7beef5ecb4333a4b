// Which bots a seat can have, in the order the "AI players" buttons show them.
// The server's /api/config lists the codes it knows; nothing here invents one.

import { has, t } from "./i18n.js";

// The order the level buttons appear in; which bots exist and which games each
// plays come from the server (/api/config bots[code].games).
export const LEVELS = ["easy", "medium", "hard"];

export function knownBots(config) {
  return new Set(Object.keys(config.budgets_ms || {}).concat(Object.keys(config.bots || {})));
}

// Whether the server says bot `code` plays `game` (a bot without a `games` list plays all).
export function botPlays(config, code, game) {
  const info = (config.bots || {})[code];
  const games = info && Array.isArray(info.games) ? info.games : null;
  return games === null || games.includes(game);
}

// The bot buttons for a game: scripted bots first (bots other than the levels that
// the server lists for this game and the catalogue names), then the levels; Random
// only when the developer switch is on.
export function botChoices(config, game, developer) {
  const known = knownBots(config);
  const plays = (code) => known.has(code) && botPlays(config, code, game);
  const scripted = [...known].filter((code) => !LEVELS.includes(code) && code !== "random"
    && has(`home.add.${code}`) && plays(code)).sort();
  const out = [...scripted, ...LEVELS.filter(plays)];
  if (developer && plays("random")) out.push("random");
  return out;
}

export function botLevel(code) {
  return String(code || "").split(":")[0];
}

// The seat list from "the human sits at index k" and the added players, as the
// settings UI keeps it: added players fill every other index in order.
export function assignSeats(humanIndex, others) {
  const total = others.length + 1;
  const seats = new Array(total);
  const index = Math.min(Math.max(0, humanIndex), total - 1);
  seats[index] = { kind: "human", you: true };
  let next = 0;
  for (let i = 0; i < total; i += 1) {
    if (i !== index) seats[i] = others[next++];
  }
  return { seats, humanIndex: index };
}

export function botName(code) {
  const key = `bot.${botLevel(code)}.name`;
  return has(key) ? t(key) : String(code);
}

// Each seat's name as players read it at a table or in a replay. Two seats with the
// same name (three Easy bots, two people who kept "Player") get a number each, so the
// scores, the story and the charts can tell them apart; an open seat keeps `unnamed`.
export function seatNames(seats, unnamed) {
  const names = seats.map((s) => (s.kind === "bot" ? botName(s.bot) : s.name || null));
  const count = new Map();
  for (const n of names) if (n) count.set(n, (count.get(n) || 0) + 1);
  const seen = new Map();
  return names.map((n, i) => {
    if (!n) return unnamed(seats[i]);
    if (count.get(n) < 2) return n;
    seen.set(n, (seen.get(n) || 0) + 1);
    return t("seat.numbered", { name: n, n: seen.get(n) });
  });
}
