// Every game's rules page; the game's renderer writes the sections, and every rule
// number comes from the server's rule defaults.

import { getConfig } from "../api.js";
import { h, put } from "../dom.js";
import { t } from "../i18n.js";
import { loadRenderer, pickGame, webGames } from "../renderers.js";

export async function render(main, { params }) {
  const config = await getConfig();
  const info = pickGame(config, params[0]);
  const game = info.name;
  const renderer = await loadRenderer(config, game);
  const page = h("article.rules", { "data-game": game },
    h("header.explain-head", null,
      h("h1", null, t("rules.title", { game: t(`game.${game}.title`) })),
      h("nav.tabs", { "aria-label": t("explain.pickgame") }, webGames(config).map((g) =>
        h("a.tab", { href: `#/rules/${g.name}`, "aria-current": g.name === game ? "page" : null }, t(`game.${g.name}.title`))))),
    ...renderer.rules(info, { part, paras }),
    h("p.panel.tight", null, t("rules.botslink"), " ", h("a", { href: `#/bots/${game}` }, t("nav.bots"))));
  put(main, page);
  return null;
}

// A titled section of the page.
function part(title, ...body) {
  return h("section.panel.explain-section", null, h("h2", null, title), ...body);
}

// One paragraph per catalogue key.
function paras(keys, vars = {}) {
  return keys.map((k) => h("p", null, t(k, vars)));
}
