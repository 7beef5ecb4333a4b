// Domination cards for people: names, type words and rules text in the
// current language. Every number (cost, coins, VP, how many cards) comes from
// the card table the server sends (/api/config: the game's default_options.cards).

import { h } from "../../../js/dom.js";
import { formatList, has, t } from "../../../js/i18n.js";
import { icon } from "../../../js/icons.js";

let table = {};

export function setCardTable(cards) {
  if (cards) table = cards;
}

export function cardSpec(name) {
  return table[name] || null;
}

export function kingdomCards(options) {
  const basic = new Set(options.basic || []);
  return Object.keys(options.cards || {})
    .filter((name) => !basic.has(name))
    .sort((a, b) => options.cards[a].cost - options.cards[b].cost || a.localeCompare(b));
}

export function cardName(name) {
  const key = `card.${name}`;
  return has(key) ? t(key) : name;
}

// "7 × Copper, 3 × Estate" in English, "ทองแดง (Copper) 7 ใบ และที่ดิน (Estate) 3 ใบ" in
// Thai: the count goes where each language puts it, and the list joins as the language does.
export function cardCounts(entries) {
  return formatList([...entries].map(([name, count]) => t("card.count", { count, card: cardName(name) })));
}

export function cardTypes(name) {
  const spec = cardSpec(name);
  return spec ? spec.types : [];
}

// The one type that decides a card's colour band.
export function mainType(name) {
  const types = cardTypes(name);
  for (const kind of ["Curse", "Treasure", "Victory", "Attack", "Reaction", "Action"]) {
    if (types.includes(kind)) return kind.toLowerCase();
  }
  return "action";
}

export function typeLine(name) {
  return cardTypes(name).map((kind) => t(`type.${kind}`)).join(" – ");
}

// Rules text as a list of lines: the printed bonuses, then what the card does.
export function cardLines(name) {
  const spec = cardSpec(name);
  if (!spec) return [];
  const lines = [];
  const isTreasure = spec.types.includes("Treasure");
  if (spec.cards) lines.push(t("card.line.cards", { count: spec.cards }));
  if (spec.actions) lines.push(t("card.line.actions", { count: spec.actions }));
  if (spec.buys) lines.push(t("card.line.buys", { count: spec.buys }));
  if (spec.coins) lines.push(t(isTreasure ? "card.line.treasure" : "card.line.coins", { coins: spec.coins, count: spec.coins }));
  const key = `cardtext.${name}`;
  if (has(key)) lines.push(t(key, spec.params || {}));
  if (spec.vp) lines.push(t("card.line.vp", { count: spec.vp, vp: spec.vp }));
  return lines;
}

export function cardTitle(name) {
  const spec = cardSpec(name);
  const parts = [cardName(name)];
  if (spec) parts.push(t("card.costlabel", { cost: spec.cost }), typeLine(name));
  return [...parts, ...cardLines(name)].join(" · ");
}

// A translated name carries the English one in brackets ("ทองแดง (Copper)"): on a
// card it goes on its own smaller line, which small tiles may hide.
function nameBlock(name) {
  const full = cardName(name);
  const split = full.match(/^(.+?) \((.+)\)$/);
  if (!split) return h("span.card-name", null, full);
  return h("span.card-name", null, split[1], " ", h("small", { lang: "en" }, split[2]));
}

// A card face drawn from the card table: a frame in the colour of its main type,
// the cost, the full name, icons for its printed bonuses, the rules text, the type
// line and its VP. Small faces (supply tiles, cards to pick from) leave out the
// text; CSS hides more on narrow screens. `extra` goes at the bottom (a button row).
export function cardFace(name, { small = false, count = null, tag = "div", attrs = {}, extra = null } = {}) {
  const spec = cardSpec(name);
  return h(`${tag}.card.t-${mainType(name)}${small ? ".small" : ""}`, { ...attrs, "data-card": name },
    h("span.card-top", null,
      spec ? h("span.coin", { title: t("card.costlabel", { cost: spec.cost }) }, String(spec.cost)) : null,
      nameBlock(name)),
    count !== null ? h("span.pile-count", { title: t("supply.left", { count }) }, String(count)) : null,
    bonusRow(spec),
    small ? null : h("span.card-text", null, ruleText(name, spec)),
    h("span.card-foot", null,
      small ? null : h("span.card-type", null, typeLine(name)),
      spec && spec.vp ? h("span.card-vp", { title: t("card.line.vp", { count: spec.vp, vp: spec.vp }) }, icon("vp"), h("b", null, String(spec.vp))) : null),
    extra);
}

// The printed bonuses as icons; the words stay for screen readers.
function bonusRow(spec) {
  if (!spec) return null;
  const treasure = spec.types.includes("Treasure");
  const items = [
    ["cards", spec.cards, "card.line.cards"],
    ["action", spec.actions, "card.line.actions"],
    ["buy", spec.buys, "card.line.buys"],
    ["coin", spec.coins, treasure ? "card.line.treasure" : "card.line.coins"],
  ].filter(([, n]) => n);
  if (!items.length) return null;
  return h("span.card-bonus", null, items.map(([kind, n, key]) =>
    h(`span.bonus.b-${kind}`, { title: t(key, { count: n, coins: n }) },
      icon(kind), h("span", { "aria-hidden": "true" }, treasure && kind === "coin" ? String(n) : `+${n}`),
      h("span.sr-only", null, t(key, { count: n, coins: n })))));
}

// What the card does beyond its printed bonuses (those are the icons above).
function ruleText(name, spec) {
  const key = `cardtext.${name}`;
  return has(key) ? t(key, (spec && spec.params) || {}) : "";
}

// Card names break between words only; a word wider than its card shrinks the
// name's font instead (down to 7 px), so "Moneylender" never reads "Moneylen/der".
export function fitNames(root) {
  for (const name of root.querySelectorAll(".card-name")) {
    name.style.fontSize = "";
    let size = parseFloat(getComputedStyle(name).fontSize);
    while (name.scrollWidth > name.clientWidth + 0.5 && size > 7) {
      size -= 0.5;
      name.style.fontSize = `${size}px`;
    }
  }
}
