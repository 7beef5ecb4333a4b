// Dig's pictures: the dice, the cart with its ore, gems and supports, the round
// track with the face-up event and the face-down deck, and the miners (one per seat).
// Each takes the classes of js/games/motion.js-style animations from the table, which
// decides what moved by comparing two views.

import { h } from "../../../js/dom.js";
import { formatNumber, formatPercent, t } from "../../../js/i18n.js";
import { eventName, eventText } from "./text.js";

const PIPS = {
  1: [[5, 5]],
  2: [[2.8, 2.8], [7.2, 7.2]],
  3: [[2.8, 2.8], [5, 5], [7.2, 7.2]],
  4: [[2.8, 2.8], [7.2, 2.8], [2.8, 7.2], [7.2, 7.2]],
  5: [[2.8, 2.8], [7.2, 2.8], [5, 5], [2.8, 7.2], [7.2, 7.2]],
  6: [[2.8, 2.5], [7.2, 2.5], [2.8, 5], [7.2, 5], [2.8, 7.5], [7.2, 7.5]],
};

// One die; `value` null draws a blank die (nothing rolled yet this turn).
export function die(value, cls = "") {
  const pips = value ? PIPS[value] || [] : [];
  return h("svg.die", { viewBox: "0 0 10 10", class: cls, "aria-hidden": "true" },
    h("rect.die-body", { x: 0.4, y: 0.4, width: 9.2, height: 9.2, rx: 1.8 }),
    pips.map(([x, y]) => h("circle.pip", { cx: x, cy: y, r: 0.95 })));
}

export function diceBox(roll, { fresh, collapse }) {
  const cls = fresh ? "anim-roll" : "";
  const label = roll ? t("dig.dice.label", { a: roll[0], b: roll[1], total: roll[0] + roll[1] }) : t("dig.dice.none");
  return h("div.dig-dice", { role: "img", "aria-label": label, "data-test": "dice", class: collapse ? "bad" : "" },
    die(roll ? roll[0] : null, cls), die(roll ? roll[1] : null, cls));
}

// Ore lumps and gems laid out in the cart's bed; the newest `fresh` ones drop in.
function cartLoad(ore, gems, freshOre, freshGems) {
  const shown = Math.min(ore, 18);
  const lumps = [];
  for (let i = 0; i < shown; i += 1) {
    const x = 16 + (i % 9) * 8.5 + (Math.floor(i / 9) % 2) * 4;
    const y = 24 - Math.floor(i / 9) * 6;
    lumps.push(h("circle.ore-lump", { cx: x, cy: y, r: 4.2, class: i >= shown - freshOre ? "anim-ore" : "" }));
  }
  const gemShapes = [];
  for (let i = 0; i < Math.min(gems, 6); i += 1) {
    const x = 28 + i * 9;
    const y = 12;
    gemShapes.push(h("polygon.gem-shape", { points: `${x},${y - 5} ${x + 4},${y} ${x},${y + 5} ${x - 4},${y}`,
      class: i >= gems - freshGems ? "anim-gem" : "" }));
  }
  return [lumps, gemShapes];
}

// The cart: bed, wheels, load, and a beam under it per staked gem. `gone` is the load
// that just left it (a haul or a cave-in), drawn once more to move out of the cart.
export function cartPicture(cart, { freshOre = 0, freshGems = 0, freshBeams = 0, motion = "", gone = null }) {
  const beams = [];
  for (let i = 0; i < cart.stake; i += 1) {
    beams.push(h("rect.beam", { x: 38 + i * 8, y: 44, width: 5, height: 18, rx: 1, class: i >= cart.stake - freshBeams ? "anim-beam" : "" }));
  }
  return h("svg.dig-cart", { viewBox: "0 2 100 62", class: motion, "aria-hidden": "true", "data-test": "cart-picture" },
    h("g.cart-beams", null, beams),
    h("g.cart-body", null,
      h("g.cart-load", null, cartLoad(cart.ore, cart.gems, freshOre, freshGems)),
      h("path.cart-bed", { d: "M6 24 L94 24 L86 46 L14 46 Z" }),
      gone ? h("g.cart-gone", null, cartLoad(gone.ore, gone.gems, 0, 0)) : null,
      h("circle.wheel", { cx: 26, cy: 50, r: 6 }),
      h("circle.wheel", { cx: 74, cy: 50, r: 6 })));
}

function count(icon, value, label, test, cls = "") {
  return h("span.dig-count", { "data-test": test, class: cls },
    icon, h("strong", null, formatNumber(value)), " ", h("span.count-label", null, label));
}

export function oreIcon() {
  return h("svg.icon-ore", { viewBox: "0 0 10 10", "aria-hidden": "true" }, h("circle", { cx: 5, cy: 5.5, r: 3.6 }));
}

export function gemIcon() {
  return h("svg.icon-gem", { viewBox: "0 0 10 10", "aria-hidden": "true" }, h("polygon", { points: "5,0.8 9,5 5,9.2 1,5" }));
}

export function doneIcon() {
  return h("svg.icon-done", { viewBox: "0 0 10 10", "aria-hidden": "true" }, h("path", { d: "M1.5 5.5 L4 8 L8.5 2" }));
}

export function beamIcon() {
  return h("svg.icon-beam", { viewBox: "0 0 10 10", "aria-hidden": "true" }, h("rect", { x: 3.5, y: 0.8, width: 3, height: 8.4, rx: 0.6 }));
}

// The cart's contents in numbers, with the collapse risk of the next dig.
export function cartNumbers(cart, risk, limit, motion, over) {
  return h("div.dig-cart-numbers", null,
    count(oreIcon(), cart.ore, t("dig.cart.ore", { count: cart.ore }), "cart-ore", motion.ore),
    count(gemIcon(), cart.gems, t("dig.cart.gems", { count: cart.gems }), "cart-gems", motion.gems),
    count(beamIcon(), cart.stake, t("dig.cart.stake", { count: cart.stake }), "cart-stake"),
    h("p.dig-risk", { "data-test": "risk", class: riskClass(risk), hidden: over },
      h("span.risk-bar", { "aria-hidden": "true" }, h("span.risk-fill", { style: `width:${Math.round(risk * 100)}%` })),
      h("span", null, t("dig.risk", { risk: formatPercent(risk) })),
      h("span.muted.risk-why", null, limit >= 2 ? t("dig.risk.why", { total: limit }) : t("dig.risk.safe"))));
}

export function riskClass(risk) {
  if (risk >= 0.25) return "high";
  return risk > 0 ? "some" : "none";
}

// Rounds so far (their events face up), this round's event, rounds to come, the deck.
export function trackRow(view, { freshRound }) {
  const slots = [];
  for (let r = 0; r < view.rounds; r += 1) {
    const seen = r < view.round ? view.events_seen[r] : r === view.round && view.phase !== "over" ? view.event : null;
    const past = r < view.round || view.phase === "over";
    const name = seen ? eventName(seen) : t("dig.track.hidden");
    slots.push(h("li.round-slot", { class: `${past ? "past" : r === view.round ? "now" : "later"}`, title: name, "data-round": r },
      h("span.slot-n", null, formatNumber(r + 1)),
      h("span.sr-only", null, t("dig.track.slot", { n: r + 1, event: name }))));
  }
  const left = view.events_left.length;
  return h("div.dig-track-row", null,
    h("ol.round-slots", { "aria-label": t("dig.track.label", { round: Math.min(view.round + 1, view.rounds), rounds: view.rounds }) }, slots),
    h("div.dig-deck", { "data-test": "deck", title: t("dig.deck.title") },
      h("span.deck-back", { "aria-hidden": "true" }),
      h("span.deck-count", null, t("dig.deck.count", { count: left, n: left }))),
    view.phase === "over" ? null : eventCard(view.event, view.rules, freshRound));
}

export function eventCard(id, rules, fresh) {
  return h("div.dig-event", { "data-test": "event", "data-event": id, class: fresh ? "anim-flip" : "" },
    h("span.event-kicker", null, t("dig.event.now")),
    h("strong.event-name", null, eventName(id)),
    h("span.event-text", null, eventText(id, rules)));
}
