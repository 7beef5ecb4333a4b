// Domination's piles as card stacks: your deck (face down), your discard pile (its
// top card face up) and the trash, each with its count. A stack that grew since the
// last decision gets a landing animation, whoever made it grow (spec 000: bots'
// moves look like people's).

import { h } from "../../../js/dom.js";
import { formatNumber, t } from "../../../js/i18n.js";
import { cardCounts, cardFace } from "./cards.js";
import { MOTION } from "../../../js/games/motion.js";

function counted(list) {
  const m = new Map();
  for (const c of list || []) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

function stack({ label, count, top, faceDown = false, grew = false, motion = MOTION.land, testId }) {
  let face = h("span.stack-empty", { "aria-hidden": "true" });
  if (count && faceDown) face = h("span.card-back", { "aria-hidden": "true" });
  else if (count && top) face = cardFace(top, { small: true });
  return h("div.stack", { "data-test": testId, class: `${count > 1 ? "deep" : ""} ${grew ? motion : ""}` },
    face, h("span.stack-label", null, label));
}

// `before` holds last decision's sizes; `fresh` is false when redrawing the same decision.
export function pilesPanel(mine, before, fresh) {
  const grewDiscard = fresh && before.discard !== undefined && mine.discard_size > before.discard;
  const grewDeck = fresh && before.deck !== undefined && mine.deck_size > before.deck;
  before.discard = mine.discard_size;
  before.deck = mine.deck_size;
  return h("section.panel.tight.mypiles", null,
    h("h2.small-title", null, t("dom.mypiles")),
    h("div.stacks", null,
      stack({ label: t("dom.deck", { n: mine.deck_size }), count: mine.deck_size, faceDown: true, grew: grewDeck, motion: MOTION.shuffle, testId: "deck" }),
      stack({ label: t("dom.discardpile", { n: mine.discard_size }), count: mine.discard_size, top: mine.discard_top, grew: grewDiscard, testId: "discard" })),
    mine.discard && mine.discard.length ? h("details", null, h("summary", null, t("dom.discardlist")),
      h("p.small", null, cardCounts(counted(mine.discard)))) : null);
}

export function trashPanel(trash, before, fresh) {
  const grew = fresh && before.trash !== undefined && trash.length > before.trash;
  before.trash = trash.length;
  const all = counted(trash);
  return h("section.panel.tight.trash", null,
    h("h2.small-title", null, t("dom.trash"), " ", h("span.muted", null, `(${formatNumber(trash.length)})`)),
    h("div.stacks", null,
      stack({ label: t("dom.trash"), count: trash.length, top: trash[trash.length - 1], grew, motion: MOTION.trash, testId: "trash-pile" }),
      all.size ? h("p.small", { "data-test": "trash" }, cardCounts(all)) : h("p.muted.small", null, t("dom.none"))));
}
