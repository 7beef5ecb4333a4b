// Which bots a seat can have, in the order the "AI players" buttons show them.
// The server's /api/config lists the codes it knows; nothing here invents one.

import { has, t } from "./i18n.js";

export const LEVELS = ["easy", "medium", "hard"];
export const SCRIPTED = { bigmoney: ["domination"] };

export function knownBots(config) {
  return new Set(Object.keys(config.budgets_ms || {}).concat(Object.keys(config.bots || {})));
}

// The bot buttons for a game: scripted bots first (they suit that game only), then
// the levels; Random only when the developer switch is on.
export function botChoices(config, game, developer) {
  const known = knownBots(config);
  const out = [];
  for (const [code, games] of Object.entries(SCRIPTED)) {
    if (games.includes(game) && known.has(code)) out.push(code);
  }
  for (const code of LEVELS) if (known.has(code)) out.push(code);
  if (developer && known.has("random")) out.push("random");
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
