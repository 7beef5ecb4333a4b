// Rules of both games; every rule number comes from the server's rule defaults.

import { gameInfo, getConfig } from "../api.js";
import { h, put } from "../dom.js";
import { t } from "../i18n.js";
import { cardCounts, cardFace, cardName, kingdomCards, setCardTable } from "../games/cards.js";
import { boardArt, sizeRange } from "../games/y.js";

export async function render(main, { params }) {
  const config = await getConfig();
  const game = params[0] === "y" ? "y" : "domination";
  const info = gameInfo(config, game);
  const page = h("article.rules", { "data-game": game },
    h("header.explain-head", null,
      h("h1", null, t("rules.title", { game: t(`game.${game}.title`) })),
      h("nav.tabs", { "aria-label": t("explain.pickgame") }, ["domination", "y"].map((g) =>
        h("a.tab", { href: `#/rules/${g}`, "aria-current": g === game ? "page" : null }, t(`game.${g}.title`))))),
    ...(game === "y" ? yRules(info) : domRules(info)),
    h("p.panel.tight", null, t("rules.botslink"), " ", h("a", { href: `#/bots/${game}` }, t("nav.bots"))));
  put(main, page);
  return null;
}

function part(title, ...body) {
  return h("section.panel.explain-section", null, h("h2", null, title), ...body);
}

function paras(keys, vars = {}) {
  return keys.map((k) => h("p", null, t(k, vars)));
}

function yRules(info) {
  const o = (info && info.default_options) || {};
  const range = sizeRange(info) || {};
  return [
    part(t("rules.y.goal.title"), h("div.rules-art", { "aria-hidden": "true" }, boardArt()), ...paras(["rules.y.goal.p1", "rules.y.goal.p2"])),
    part(t("rules.y.play.title"), ...paras(["rules.y.play.p1", "rules.y.play.p2", "rules.y.play.p3"], { size: o.size ?? "", min: range.min ?? "", max: range.max ?? "" })),
    part(t("rules.y.swap.title"), ...paras(["rules.y.swap.p1", "rules.y.swap.p2"])),
    part(t("rules.y.ui.title"), ...paras(["rules.y.ui.p1", "rules.y.ui.p2"])),
  ];
}

function domRules(info) {
  const o = (info && info.default_options) || {};
  setCardTable(o.cards);
  const start = Object.entries(o.starting_deck || {});
  const piles = (o.victory_pile || {})["2"];
  const kingdom = kingdomCards(o);
  return [
    part(t("rules.dom.goal.title"), ...paras(["rules.dom.goal.p1", "rules.dom.goal.p2"])),
    part(t("rules.dom.setup.title"), ...paras(["rules.dom.setup.p1", "rules.dom.setup.p2"], {
      start: cardCounts(start), hand: o.hand_size ?? "", size: o.kingdom_size ?? "", victory: piles ?? "" })),
    part(t("rules.dom.turn.title"), h("ol.steps", null,
      h("li", null, h("strong", null, t("dom.phase.action")), " – ", t("rules.dom.turn.action", { actions: o.start_actions ?? "" })),
      h("li", null, h("strong", null, t("dom.phase.buy")), " – ", t("rules.dom.turn.buy", { buys: o.start_buys ?? "" })),
      h("li", null, h("strong", null, t("rules.dom.turn.cleanup.name")), " – ", t("rules.dom.turn.cleanup", { hand: o.hand_size ?? "" })))),
    part(t("rules.dom.end.title"), ...paras(["rules.dom.end.p1", "rules.dom.end.p2"], {
      pile: cardName(o.end_pile || "Province"), piles: o.piles_to_end ?? "" })),
    part(t("rules.dom.ui.title"), ...paras(["rules.dom.ui.p1", "rules.dom.ui.p2", "rules.dom.ui.p3"])),
    part(t("rules.dom.cards.title"),
      h("h3", null, t("rules.dom.cards.basic")),
      h("div.card-gallery", null, (o.basic || []).map((c) => cardFace(c))),
      h("h3", null, t("rules.dom.cards.kingdom")),
      h("div.card-gallery", null, kingdom.map((c) => cardFace(c)))),
  ];
}
