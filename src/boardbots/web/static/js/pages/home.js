// Home: start a new game (game, options, AI players, your seat) and join open tables.

import { api, gameInfo, getConfig } from "../api.js";
import { assignSeats, botChoices, botName, seatNames } from "../bots.js";
import { clear, h, put } from "../dom.js";
import { t } from "../i18n.js";
import { describeError, navigate, toast } from "../main.js";
import { saveSeat, settings, updateSettings } from "../settings.js";
import { loadRenderers, webGames } from "../renderers.js";
import { newSoloId } from "../solo/connection.js";
import { icon } from "../icons.js";

// The form survives navigation; `options` holds each game's own form state, which
// only that game's renderer reads or changes.
const form = {
  game: null,
  others: null,
  humanIndex: 0,
  options: {},
  seed: "",
};
let renderers = new Map();

export async function render(main) {
  const config = await getConfig();
  renderers = await loadRenderers(config);
  if (!form.others) initForm(config);
  const page = h("div.home");
  put(main, page);
  draw(page, config);
  const timer = setInterval(() => refreshOpen(page), 8000);
  return () => clearInterval(timer);
}

function initForm(config) {
  form.others = {};
  for (const [name, renderer] of renderers) {
    form.options[name] = renderer.newOptions(gameInfo(config, name));
    const allowed = new Set(botChoices(config, name, true));
    form.others[name] = (renderer.defaultSeats || []).filter((s) => allowed.has(s.bot)).map((s) => ({ ...s }));
    if (!form.others[name].length && allowed.has("easy")) form.others[name] = [{ kind: "bot", bot: "easy" }];
  }
  form.game = renderers.keys().next().value ?? null;
}

// A picture for the top of the page: the first game's that offers one.
function heroArt() {
  const withArt = [...renderers.values()].find((r) => r.art);
  return withArt ? withArt.art() : null;
}

function draw(page, config) {
  clear(page);
  put(page, 
    h("section.hero", null,
      h("div.hero-text", null,
        h("h1", null, t("home.title")),
        h("p.lead", null, t("home.lead")),
        h("p", null, h("a", { href: "#/bots" }, t("home.howlink"), " ", icon("arrow")))),
      h("div.hero-art", { "aria-hidden": "true", inert: true }, heroArt())),
    h("div.home-grid", null, newGameForm(page, config), config.static ? null : openTables()),
  );
  if (!config.static) refreshOpen(page);
}

function newGameForm(page, config) {
  const redraw = () => draw(page, config);
  const games = webGames(config);
  const info = gameInfo(config, form.game);
  const el = h("form.panel.newgame", { "aria-labelledby": "newgame-title", onsubmit: (e) => start(e, config) },
    h("h2#newgame-title", null, t("home.new")),
    h("fieldset.gamepick", null,
      h("legend", null, t("home.game")),
      h("div.choice-row", null, games.map((g) => gameChoice(g, redraw)))),
    renderers.get(form.game).optionsForm(info, form.options[form.game], redraw),
    playersSection(config, info, redraw),
    settings().developer ? seedField() : null,
    h("div.actions.start-bar", null,
      h("button.primary.big", { type: "submit", "data-test": "start" }, t("home.start"))),
  );
  return el;
}

function gameChoice(g, redraw) {
  const id = `game-${g.name}`;
  return h("label.choice-card", { for: id, class: form.game === g.name ? "selected" : "" },
    h("input", { type: "radio", name: "game", id, value: g.name, checked: form.game === g.name,
      onchange: () => { form.game = g.name; form.humanIndex = 0; redraw(); } }),
    h("span.choice-title", null, t(`game.${g.name}.title`)),
    h("span.choice-sub", null, t(`game.${g.name}.tagline`)),
    h("span.choice-meta", null, g.min_players === g.max_players
      ? t("home.players.exact", { count: g.max_players })
      : t("home.players.range", { min: g.min_players, max: g.max_players })));
}

function playersSection(config, info, redraw) {
  const others = form.others[form.game];
  const max = info ? info.max_players : 2;
  const min = info ? info.min_players : 2;
  const { seats, humanIndex } = assignSeats(form.humanIndex, others);
  form.humanIndex = humanIndex;
  const full = seats.length >= max;
  const add = (seat) => { others.push(seat); redraw(); };
  const rows = seats.map((seat, i) => h("li.seat-row", { "data-seat": i },
    h("span.seat-no", null, t("seat.number", { n: i + 1 })),
    seat.you
      ? h("span.seat-label.you", null, t("home.you"))
      : h("span.seat-label", null, seat.kind === "bot" ? botName(seat.bot) : t("home.invited")),
    seat.you ? null : h("button.icon.remove", { type: "button", "aria-label": t("home.remove", { name: seat.kind === "bot" ? botName(seat.bot) : t("home.invited") }),
      onclick: () => { others.splice(others.indexOf(seat), 1); redraw(); } }, icon("close"))));
  const buttons = botChoices(config, form.game, settings().developer).map((code) =>
    h("button.add", { type: "button", disabled: full, "data-bot": code, onclick: () => add({ kind: "bot", bot: code }) },
      t(`home.add.${code}`)));
  if (!config.static) { // a static site has no server to seat a second person
    buttons.push(h("button.add.human", { type: "button", disabled: full, "data-bot": "human",
      onclick: () => add({ kind: "human" }) }, t("home.add.human")));
  }
  const name = h("input#pname", { id: "pname", type: "text", maxlength: 40, value: settings().name, autocomplete: "nickname",
    placeholder: t("home.name.placeholder"), onchange: (e) => updateSettings({ name: e.target.value.trim() }) });
  return h("fieldset.players", null,
    h("legend", null, t("home.ai")),
    h("div.field", null, h("label", { for: "pname" }, t("home.name")), name),
    h("ol.seat-list", { "aria-label": t("home.seats") }, rows),
    h("div.add-row", null, buttons),
    h("p.hint", { "aria-live": "polite" }, countHint(seats.length, min, max),
      seats.length < min ? h("strong", null, " ", t("home.toofew", { min })) : null),
    h("div.field", null, h("label", { for: "myseat" }, t("home.yourseat")),
      h("select#myseat", { id: "myseat", onchange: (e) => { form.humanIndex = Number(e.target.value); redraw(); } },
        seats.map((_, i) => h("option", { value: i, selected: i === humanIndex }, t("seat.number", { n: i + 1 }))))),
    h("p.hint", null, t("home.seathint")),
    others.every((s) => s.kind === "bot") ? whereBotsThink(config, redraw) : null,
    h("p", null, h("a", { href: `#/bots/${form.game}` }, t("home.whichbot"))));
}

// "2 players", not "2–2", when a game takes one number of players.
function countHint(count, min, max) {
  if (min === max) return t("home.count.fixed", { count, players: t("home.players.exact", { count: min }) });
  return t("home.count", { count, min, max });
}

// Solo tables (you and bots) may run every bot in this browser: see docs/web.md.
export function botsThinkHere(config) {
  const b = config.browser;
  return Boolean(b && b.available) && (config.static || settings().botsOn !== "server");
}

function whereBotsThink(config, redraw) {
  const b = config.browser || {};
  const here = botsThinkHere(config);
  const choice = (value, checked, disabled) => h("label.radio", null,
    h("input", { type: "radio", name: "botson", value, checked, disabled, "data-test": `bots-on-${value}`,
      onchange: () => { updateSettings({ botsOn: value }); redraw(); } }),
    t(`home.botson.${value}`));
  return h("fieldset.botson", null, h("legend", null, t("home.botson")),
    h("div.radio-row", null, choice("device", here, !b.available), config.static ? null : choice("server", !here, false)),
    b.available ? h("p.hint", null, t("home.botson.hint"))
      : h("p.hint", { "data-test": "bots-on-reason" }, t("home.botson.unavailable", { reason: b.reason || "" })));
}

function seedField() {
  return h("fieldset.dev", null, h("legend", null, t("home.dev")),
    h("div.field", null, h("label", { for: "seed" }, t("home.seed")),
      h("input#seed", { id: "seed", type: "text", inputmode: "numeric", value: form.seed,
        oninput: (e) => { form.seed = e.target.value.trim(); } })));
}

async function start(event, config) {
  event.preventDefault();
  const info = gameInfo(config, form.game);
  const { seats, humanIndex } = assignSeats(form.humanIndex, form.others[form.game]);
  if (info && seats.length < info.min_players) {
    toast(t("home.toofew", { min: info.min_players }), "error");
    return;
  }
  const renderer = renderers.get(form.game);
  const problem = renderer.checkOptions(form.options[form.game], info);
  if (problem) {
    toast(problem, "error");
    return;
  }
  const name = settings().name || t("home.defaultname");
  const body = {
    game: form.game,
    options: renderer.buildOptions(form.options[form.game]),
    seats: seats.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human", ...(s.you ? { name } : {}) })),
    join: humanIndex,
    name,
  };
  if (form.seed && /^\d+$/.test(form.seed)) body.seed = Number(form.seed);
  if (seats.every((s) => s.you || s.kind === "bot") && botsThinkHere(config)) {
    const id = newSoloId();
    const { join, ...spec } = body;
    saveSeat(id, { seat: humanIndex, solo: { ...spec, human: join } });
    navigate(`/table/${id}`);
    return;
  }
  const button = event.target.querySelector("[type=submit]");
  button.disabled = true;
  try {
    const made = await api.create(body);
    saveSeat(made.table.id, { seat: made.seat, token: made.token, owner: made.owner_token });
    navigate(`/table/${made.table.id}`);
  } catch (err) {
    toast(describeError(err), "error");
    button.disabled = false;
  }
}

function openTables() {
  return h("section.panel.open-tables", { "aria-labelledby": "open-title" },
    h("h2", { id: "open-title" }, t("home.open")),
    h("p.hint", null, t("home.openhint")),
    h("div.open-list", { "aria-live": "polite" }, h("p.muted", null, t("app.loading"))),
    h("form.joinbox", { onsubmit: (e) => {
      e.preventDefault();
      const v = e.target.elements.code.value.trim();
      const id = (v.match(/(?:join|table)\/([\w-]+)/) || [null, v])[1];
      if (id) navigate(`/join/${id}`);
    } },
      h("label", { for: "joincode" }, t("home.joinlink")),
      h("div.inline", null, h("input#joincode", { id: "joincode", name: "code", type: "text", placeholder: t("home.joinplaceholder") }),
        h("button", { type: "submit" }, t("home.join")))));
}

async function refreshOpen(page) {
  const box = page.querySelector(".open-list");
  if (!box) return;
  try {
    const { tables } = await api.tables("open");
    clear(box);
    if (!tables.length) {
      put(box, h("p.muted", null, t("home.noopen")));
      return;
    }
    put(box, h("ul.table-list", null, tables.map((tb) => h("li", null,
      h("div", null, h("strong", null, t(`game.${tb.game}.title`)), " ",
        h("span.muted", null, seatNames(tb.seats, () => t("seat.open")).join(" · "))),
      h("a.button.small", { href: `#/join/${tb.id}` }, t("home.join"))))));
  } catch (err) {
    put(clear(box), h("p.muted", null, describeError(err)));
  }
}
