// Where each player's VP came from at the end of a Domination game: how many of
// each scoring card and what they are worth. Every card a player owns is public
// knowledge (what they started with, bought and gained is all in the open), so
// the final view holds them all; numbers come from the card table.

import { h } from "../../../js/dom.js";
import { formatNumber, t } from "../../../js/i18n.js";
import { cardName, cardSpec } from "./cards.js";

// The cards seat p owns as the view tells them (the engine's `known_cards`, plus
// the cards in play for the player whose turn it is).
export function knownCards(view, p) {
  const seat = view.players[p];
  const inPlay = p === view.cur ? view.play || [] : [];
  if (seat.hidden === null || seat.hidden === undefined) {
    return [...seat.hand, ...seat.look, ...seat.deck, ...seat.discard, ...seat.shown, ...inPlay];
  }
  const top = seat.discard_top !== null && seat.discard_top !== undefined ? [seat.discard_top] : [];
  return [...seat.hidden, ...(seat.top_public || []).filter((c) => c !== null), ...top, ...seat.shown, ...inPlay];
}

// [{card, count, vp}] for every card that scores, highest total first.
export function vpRows(cards) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  const rows = [];
  for (const [card, count] of counts) {
    const spec = cardSpec(card);
    if (!spec) continue;
    const per = spec.params && spec.params.cards_per_vp ? Math.floor(cards.length / spec.params.cards_per_vp) : 0;
    const vp = count * ((spec.vp || 0) + per);
    if (vp !== 0 || spec.types.includes("Victory")) rows.push({ card, count, vp });
  }
  return rows.sort((a, b) => b.vp - a.vp || a.card.localeCompare(b.card));
}

// One line per player: "3 × Province = 18 · 1 × Curse = −1".
export function vpBreakdown(view, seatName) {
  return h("div.vp-breakdown", { "data-test": "vp-breakdown" },
    h("h3.small-title", null, t("result.vp.title")),
    h("ul", null, view.players.map((_, p) => {
      const rows = vpRows(knownCards(view, p));
      const parts = rows.map((r) => t("result.vp.row", { count: r.count, card: cardName(r.card), vp: formatNumber(r.vp) }));
      return h("li", { "data-seat": p }, h("strong", null, seatName(p)), ": ", parts.length ? parts.join(" · ") : t("result.vp.none"));
    })));
}
