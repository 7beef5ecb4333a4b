// The end of a Dig game: where each final score came from, the points banked over the
// rounds and the gems still in hand at their worth in the rules.

import { h } from "../../../js/dom.js";
import { formatNumber, t } from "../../../js/i18n.js";

export function scoreBreakdown(view, seatName) {
  if (!view || view.phase !== "over") return null;
  const worth = view.rules.gem_points;
  const head = ["dig.result.points", "dig.result.gems", "dig.result.total"];
  return h("section.dig-breakdown", { "data-test": "breakdown", "aria-labelledby": "dig-breakdown-title" },
    h("h3#dig-breakdown-title.small-title", null, t("dig.result.title")),
    h("table.scores", null,
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("result.player")),
        head.map((key) => h("th", { scope: "col" }, t(key))))),
      h("tbody", null, view.scores.map((points, i) => h("tr", null,
        h("th", { scope: "row" }, seatName(i)),
        h("td", null, formatNumber(points)),
        h("td", null, t("dig.result.gemsworth", { gems: view.gems[i], worth, value: view.gems[i] * worth })),
        h("td", null, formatNumber(points + view.gems[i] * worth)))))));
}
