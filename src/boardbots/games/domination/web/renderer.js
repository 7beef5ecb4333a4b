// Domination in the web app: what the app asks of every game's renderer
// (docs/web.md, "Game renderers"). The app imports this module from the address
// /api/config gives and never names the game itself.

import { clear, h, put } from "../../../js/dom.js";
import { has, t } from "../../../js/i18n.js";
import { toast } from "../../../js/main.js";
import { replayStories } from "../../../js/games/story.js";
import { cardCounts, cardFace, cardName, kingdomCards, setCardTable } from "./cards.js";
import { createDominationTable, logCap } from "./table.js";
import { domActionText } from "./text.js";

// The kingdom a table plays when its creator named none (the server's default).
let defaultKingdom = "";

// Card names and faces come from the server's card table, known once the game is loaded.
export function prepare(info) {
  if (info) setCardTable(info.default_options.cards);
  if (info) defaultKingdom = info.default_options.kingdom;
}

// The live table; a table with its own card set draws those cards.
export function createTable(ctx) {
  if (ctx.options && ctx.options.cards) setCardTable(ctx.options.cards);
  return createDominationTable(ctx);
}

export function actionText(action) {
  return domActionText(action);
}

export function optionsSummary(table) {
  const k = (table.options || {}).kingdom ?? defaultKingdom;
  let kingdom;
  if (Array.isArray(k)) kingdom = t("opt.dom.picked");
  else if (k === "random") kingdom = t("opt.dom.random");
  else kingdom = t("opt.dom.preset", { name: presetName(k) });
  return [kingdom, t("home.players.exact", { count: table.seats.length })].join(" · ");
}

function presetName(p) {
  const key = `preset.${p}`;
  return has(key) ? t(key) : p;
}

// The home page's seats besides yours, before the player changes them.
export const defaultSeats = [{ kind: "bot", bot: "bigmoney" }];

export function newOptions(info) {
  return { mode: "preset", preset: info ? info.default_options.kingdom : "", pick: [] };
}

export function buildOptions(form) {
  if (form.mode === "random") return { kingdom: "random" };
  if (form.mode === "pick") return { kingdom: [...form.pick] };
  return { kingdom: form.preset };
}

// Why the form cannot start a game yet, or null.
export function checkOptions(form, info) {
  const size = info.default_options.kingdom_size || 10;
  return form.mode === "pick" && form.pick.length !== size ? t("home.kingdom.needexact", { size }) : null;
}

export function optionsForm(info, d, redraw) {
  const opts = info ? info.default_options : {};
  const size = opts.kingdom_size || 10;
  const mode = (value) => h("label.radio", null,
    h("input", { type: "radio", name: "kmode", value, checked: d.mode === value,
      onchange: () => { d.mode = value; redraw(); } }),
    t(`home.kingdom.${value}`));
  const body = [];
  if (d.mode === "preset") {
    const presets = Object.keys(opts.presets || {});
    body.push(h("div.field", null, h("label", { for: "preset" }, t("home.kingdom.presetlabel")),
      h("select#preset", { id: "preset", onchange: (e) => { d.preset = e.target.value; redraw(); } },
        presets.map((p) => h("option", { value: p, selected: p === d.preset }, presetName(p)))),
      h("p.hint.cardlist", null, (opts.presets[d.preset] || []).map((c) => cardName(c)).join(" · "))));
  } else if (d.mode === "pick") {
    body.push(...pickGrid(opts, d, size));
  } else {
    body.push(h("p.hint", null, t("home.kingdom.randomhint", { size })));
  }
  return h("fieldset", null, h("legend", null, t("home.kingdom")),
    h("div.radio-row", null, mode("preset"), mode("random"), mode("pick")), ...body,
    h("p", null, h("a", { href: "#/rules/domination" }, t("home.rules.domination"))));
}

function pickGrid(opts, d, size) {
  const counter = h("p.hint", { "aria-live": "polite" }, t("home.kingdom.picked", { count: d.pick.length, size }));
  const grid = h("div.pickgrid", { role: "group", "aria-label": t("home.kingdom.pick") },
    kingdomCards(opts).map((name) => h("label.pickcard", null,
      h("input", { type: "checkbox", value: name, checked: d.pick.includes(name),
        onchange: (e) => {
          if (e.target.checked && d.pick.length >= size) { e.target.checked = false; toast(t("home.kingdom.toomany", { size })); return; }
          d.pick = e.target.checked ? [...d.pick, name] : d.pick.filter((x) => x !== name);
          counter.textContent = t("home.kingdom.picked", { count: d.pick.length, size });
        } }),
      h("span.cost", { "aria-label": t("card.costlabel", { cost: opts.cards[name].cost }) }, String(opts.cards[name].cost)),
      h("span", null, cardName(name)))));
  return [grid, counter];
}

export function rules(info, { part, paras }) {
  const o = (info && info.default_options) || {};
  setCardTable(o.cards);
  const start = Object.entries(o.starting_deck || {});
  const piles = (o.victory_pile || {})["2"];
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
      h("div.card-gallery", null, kingdomCards(o).map((c) => cardFace(c)))),
  ];
}

// A table opened after the end: the whole log, merged from the replay's views (each
// view keeps only the log's last lines).
export function finishedStory(replay) {
  const views = replay.views;
  if (!Array.isArray(views) || !views.length) return null;
  return replayStories(views, logCap(views[views.length - 1])).at(-1);
}

// The replay's board: the table as each seat saw it when the server kept views,
// otherwise what each player bought so far.
export function createReplayBoard(replay, { seatName }) {
  if (replay.options && replay.options.cards) setCardTable(replay.options.cards);
  if (Array.isArray(replay.views)) return viewsBoard(replay, seatName);
  const bought = h("div.bought");
  const el = h("section.panel", null, h("h2.small-title", null, t("replay.bought")), bought,
    h("p.hint", null, t("replay.noviews")));
  return { element: () => el, show: (step) => drawBought(replay, step, bought, seatName) };
}

function viewsBoard(replay, seatName) {
  const table = createDominationTable({ act: () => {}, seatName });
  let stories = null;
  return {
    element: () => table.element(),
    show(step) {
      const view = replay.views[step];
      if (!view) return;
      if (!stories) stories = replayStories(replay.views, logCap(view));
      table.update({ view, legal: [], your_turn: false, scores: [], decision: step },
        { you: null, fresh: true, story: stories[step] });
    },
  };
}

function drawBought(r, step, box, seatName) {
  const per = r.seats.map(() => new Map());
  for (const entry of r.actions.slice(0, step)) {
    const [verb, name] = String(entry.action).split(":");
    if (verb === "buy" && name) per[entry.seat].set(name, (per[entry.seat].get(name) || 0) + 1);
  }
  clear(box);
  r.seats.forEach((_, i) => put(box, h("p", null, h("strong", null, seatName(i)), ": ",
    per[i].size ? cardCounts(per[i]) : t("dom.none"))));
}
