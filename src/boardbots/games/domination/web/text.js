// Domination actions, prompts and log lines in words, from the catalogue.

import { formatList, has, t } from "../../../js/i18n.js";
import { cardName } from "./cards.js";

const CARD_VERBS = ["play", "buy", "gain", "discard", "trash", "topdeck", "react"];

export function splitAction(action) {
  const text = String(action);
  const at = text.indexOf(":");
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
}

// An action in words, for notes, replays and buttons that have no better label.
export function domActionText(action, fallback = "") {
  const [verb, name] = splitAction(action);
  if (name !== null && CARD_VERBS.includes(verb)) return t(`dom.act.${verb}`, { card: cardName(name) });
  if (has(`dom.act.${verb}`)) return t(`dom.act.${verb}`);
  return fallback || String(action);
}

function specific(base, card) {
  const key = `${base}.${card}`;
  return has(key) ? key : base;
}

// What the pending decision asks, for the player who must answer it.
export function domPrompt(pend, view, seatName) {
  const card = pend.card ? cardName(pend.card) : "";
  switch (pend.kind) {
    case "action":
      return t("dom.prompt.action", { count: view.actions, actions: view.actions });
    case "buy":
      return t("dom.prompt.buy", { buys: view.buys, coins: view.coins });
    case "discard":
    case "trash":
    case "topdeck":
      return `${t(specific(`dom.prompt.${pend.kind}`, pend.card), { card })} ${pickLimit(pend)}`.trim();
    case "gain": {
      let key = "dom.prompt.gain";
      if (pend.allow) key += ".treasure";
      if (pend.to === "hand") key += ".hand";
      return t(key, { card, cost: pend.max_cost });
    }
    case "play":
      return t(specific("dom.prompt.play", pend.card), { card });
    case "react":
      return t("dom.prompt.react", { name: seatName(view.cur), card });
    case "yesno":
      return t(specific("dom.prompt.yesno", pend.card), { card, about: cardName(pend.about || lookTop(view, pend.player)) });
    case "sentry":
      return t("dom.prompt.sentry", { card });
    default:
      return t("dom.prompt.other", { card });
  }
}

function lookTop(view, p) {
  const seat = view.players[p];
  const look = seat && seat.look;
  return look && look.length ? look[look.length - 1] : "";
}

function pickLimit(pend) {
  if (pend.need && pend.left === pend.need) return t("dom.limit.exact", { count: pend.need });
  if (pend.need) return t("dom.limit.atleast", { count: pend.need });
  if (pend.left === null || pend.left === undefined) return t("dom.limit.any");
  return t("dom.limit.upto", { count: pend.left });
}

// What someone else is deciding, as seen by everyone else.
export function domWait(pend, view, name) {
  const card = pend.card ? cardName(pend.card) : "";
  const key = `dom.wait.${pend.kind}`;
  return t(has(key) ? key : "dom.wait.other", { name, card });
}

// A label for an action that is a button rather than a card.
export function domButtonText(entry, pend) {
  const [verb, name] = splitAction(entry.action);
  const card = pend.card || "";
  if (verb === "treasures") return t("dom.btn.treasures", { coins: (entry.preview && entry.preview.coins) || 0 });
  if (verb === "end") return t(pend.kind === "action" ? "dom.btn.endactions" : "dom.btn.endturn");
  if (verb === "react" && name) return t("dom.btn.reveal", { card: cardName(name) });
  if (verb === "yes" || verb === "no") {
    return t(specific(`dom.btn.${verb}`, card), { about: cardName(pend.about || "") });
  }
  if (verb === "pass" || verb === "done") return t(specific(`dom.btn.${verb}`, pend.kind === "react" ? "react" : card));
  return domActionText(entry.action, entry.text);
}

export function logLine(entry, seatName) {
  const [p, verb, what] = entry;
  const who = seatName(p);
  const key = `dom.log.${verb.replace(/\s+/g, "")}`;
  if (what === null || what === undefined) {
    return t(has(`${key}.hidden`) ? `${key}.hidden` : "dom.log.nothing", { who, verb });
  }
  const cards = formatList(String(what).split(",").map((c) => cardName(c.trim())));
  return t(has(key) ? key : "dom.log.other", { who, card: cards, verb });
}

// A preview dict as short phrases: "+3 cards", "−6 coins", "+6 VP".
export function previewChips(preview, view) {
  if (!preview) return [];
  const out = [];
  const sign = (n) => (n > 0 ? `+${n}` : `${n}`).replace("-", "−");
  if (preview.cards) out.push(t("dom.pv.cards", { n: sign(preview.cards), count: preview.cards }));
  if (preview.actions) out.push(t("dom.pv.actions", { n: sign(preview.actions), count: preview.actions }));
  if (preview.buys) out.push(t("dom.pv.buys", { n: sign(preview.buys), count: preview.buys }));
  if (preview.coins) {
    const left = view && typeof view.coins === "number" ? view.coins + preview.coins : null;
    out.push(preview.coins < 0 && left !== null
      ? t("dom.pv.spend", { n: sign(preview.coins), left })
      : t("dom.pv.coins", { n: sign(preview.coins) }));
  }
  if (preview.vp) out.push(t("dom.pv.vp", { n: sign(preview.vp) }));
  return out;
}
