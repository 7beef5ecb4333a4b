// Dig in the web app: what the app asks of every game's renderer (docs/web.md,
// "Game renderers"). The app imports this module from the address /api/config gives
// and never names the game itself.

import { h } from "../../../js/dom.js";
import { t } from "../../../js/i18n.js";
import { die } from "./parts.js";
import { createDigTable } from "./table.js";
import { actionText as words, eventName, eventText, viewLines } from "./text.js";

export function createTable(ctx) {
  return createDigTable(ctx);
}

export function actionText(action) {
  return words(action);
}

export function optionsSummary(table) {
  const o = table.options || {};
  const parts = [t("home.players.exact", { count: table.seats.length })];
  if (typeof o.rounds === "number") parts.unshift(t("opt.dig.rounds", { n: o.rounds, count: o.rounds }));
  return parts.join(" · ");
}

// The home page's seats besides yours, before the player changes them.
export const defaultSeats = [{ kind: "bot", bot: "easy" }];

// The options a table's host may set, in the form's order; each is shown only when
// the server lists it as a player option with a range (/api/config).
const FORM_OPTIONS = ["rounds", "starting_gems", "max_stake", "majority_bonus"];

function formOptions(info) {
  const ranges = (info && info.option_ranges) || {};
  const allowed = new Set((info && info.player_options) || []);
  return FORM_OPTIONS.filter((name) => allowed.has(name) && ranges[name]);
}

export function newOptions(info) {
  const o = (info && info.default_options) || {};
  return Object.fromEntries(formOptions(info).map((name) => [name, o[name]]));
}

export function buildOptions(form) {
  return { ...form };
}

export function checkOptions() {
  return null;
}

function slider(name, range, form) {
  const id = `dig-${name}`;
  const words = () => t(`home.dig.${name}.value`, { n: form[name], count: form[name] });
  const out = h("output", { id: `${id}-out`, for: id }, words());
  return h("div.field", null, h("label", { for: id }, t(`home.dig.${name}`)),
    h("div.range-row", null,
      h("input", { type: "range", id, min: range.min, max: range.max, value: form[name], "aria-describedby": `${id}-out`,
        oninput: (e) => { form[name] = Number(e.target.value); out.textContent = words(); } }),
      out));
}

// A slider per option the server lets players set (rounds, gems, supports, bonus).
export function optionsForm(info, form) {
  const ranges = (info && info.option_ranges) || {};
  return h("fieldset", null, h("legend", null, t("home.options")),
    formOptions(info).map((name) => slider(name, ranges[name], form)),
    h("p.hint", null, t("home.dig.roundshint")),
    h("p", null, h("a", { href: "#/rules/dig" }, t("home.rules.dig"))));
}

// Every event card, for the rules page: its name and what it changes for a round.
function eventList(info) {
  const o = (info && info.default_options) || {};
  return h("dl.dig-event-list", null, (o.events || []).map((id) =>
    [h("dt", null, eventName(id)), h("dd", null, eventText(id, o))]));
}

export function rules(info, { part, paras }) {
  const o = (info && info.default_options) || {};
  const vars = { ...o, deck: (o.events || []).length, min: info ? info.min_players : "", max: info ? info.max_players : "" };
  return [
    part(t("rules.dig.goal.title"), h("div.rules-art", { "aria-hidden": "true" }, picture()), ...paras(["rules.dig.goal.p1", "rules.dig.goal.p2"], vars)),
    part(t("rules.dig.turn.title"), h("ol.steps.dig-steps", null,
      h("li", null, t("rules.dig.turn.stake", vars)),
      h("li", null, t("rules.dig.turn.dig", vars)),
      h("li", null, t("rules.dig.turn.haul", vars))),
      ...paras(["rules.dig.turn.p1"], vars)),
    part(t("rules.dig.round.title"), ...paras(["rules.dig.round.p1", "rules.dig.round.p2"], vars)),
    part(t("rules.dig.events.title"), ...paras(["rules.dig.events.p1"], vars), eventList(info)),
    part(t("rules.dig.ui.title"), ...paras(["rules.dig.ui.p1", "rules.dig.ui.p2", "rules.dig.ui.p3"], vars)),
  ];
}

// The rules page's picture: two dice. Not exported as `art`: the home page shows the
// first game's picture, and the Y board stays the one it shows.
function picture() {
  return h("div.dig-art", null, die(5), die(2));
}

// A table opened after the end: every decision's line, read from the replay's views
// (a Dig view keeps no log, so a page that did not watch the game has no other source).
export function finishedStory(replay) {
  return Array.isArray(replay.views) ? viewLines(replay.views) : null;
}

// The replay: the table as a spectator saw it after each decision.
export function createReplayBoard(replay, { seatName }) {
  const table = createDigTable({ act: () => {}, seatName });
  const views = Array.isArray(replay.views) ? replay.views : [];
  const lines = viewLines(views);
  return {
    element: () => table.element(),
    show(step) {
      const view = views[step];
      if (!view) return;
      table.update({ view, legal: [], your_turn: false, status: "finished", decision: step },
        { you: null, fresh: true, story: lines.slice(0, step), table: { id: "replay" } });
    },
  };
}
