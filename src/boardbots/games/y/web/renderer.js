// The Game of Y in the web app: what the app asks of every game's renderer
// (docs/web.md, "Game renderers"). The app imports this module from the address
// /api/config gives and never names the game itself.

import { h } from "../../../js/dom.js";
import { t } from "../../../js/i18n.js";
import { boardArt, createBoard, sizeRange } from "./board.js";
import { createYTable, yActionText } from "./table.js";

export { boardArt as art };

// The live table: the board, the prompt and the list of moves.
export function createTable(ctx) {
  return createYTable(ctx);
}

export function actionText(action, options) {
  return yActionText(options.size, action);
}

export function optionsSummary(table) {
  const o = table.options || {};
  return [t("opt.y.size", { size: o.size }), o.swap ? t("opt.y.swapon") : t("opt.y.swapoff")].join(" · ");
}

// The home page's seats besides yours, before the player changes them.
export const defaultSeats = [{ kind: "bot", bot: "easy" }];

export function newOptions(info) {
  return { ...(info ? info.default_options : { size: 11, swap: false }) };
}

export function buildOptions(form) {
  return { size: form.size, swap: form.swap };
}

export function checkOptions() {
  return null;
}

export function optionsForm(info, form) {
  const range = sizeRange(info) || { min: form.size, max: form.size };
  const size = h("input#ysize", { type: "range", id: "ysize", min: range.min, max: range.max, value: form.size,
    "aria-describedby": "ysize-out",
    oninput: (e) => { form.size = Number(e.target.value); out.textContent = t("home.y.sizevalue", { size: form.size }); } });
  const out = h("output#ysize-out", { id: "ysize-out", for: "ysize" }, t("home.y.sizevalue", { size: form.size }));
  return h("fieldset", null,
    h("legend", null, t("home.options")),
    h("div.field", null, h("label", { for: "ysize" }, t("home.y.size")), h("div.range-row", null, size, out),
      h("p.hint", null, t("home.y.sizehint"))),
    h("div.field.check", null,
      h("input", { type: "checkbox", id: "yswap", checked: form.swap,
        onchange: (e) => { form.swap = e.target.checked; } }),
      h("label", { for: "yswap" }, t("home.y.swap")),
      h("p.hint", null, t("home.y.swaphint"))),
    h("p", null, h("a", { href: "#/rules/y" }, t("home.rules.y"))));
}

export function rules(info, { part, paras }) {
  const o = (info && info.default_options) || {};
  const range = sizeRange(info) || {};
  return [
    part(t("rules.y.goal.title"), h("div.rules-art", { "aria-hidden": "true" }, boardArt()), ...paras(["rules.y.goal.p1", "rules.y.goal.p2"])),
    part(t("rules.y.play.title"), ...paras(["rules.y.play.p1", "rules.y.play.p2", "rules.y.play.p3"], { size: o.size ?? "", min: range.min ?? "", max: range.max ?? "" })),
    part(t("rules.y.swap.title"), ...paras(["rules.y.swap.p1", "rules.y.swap.p2"])),
    part(t("rules.y.ui.title"), ...paras(["rules.y.ui.p1", "rules.y.ui.p2"])),
  ];
}

// A table opened after the end: every move, from the replay's log (Y hides nothing).
export function finishedStory(replay) {
  return Array.isArray(replay.actions) ? replay.actions.map(({ n, seat, action }) => ({ n, seat, action })) : null;
}

// The replay's board: the position is rebuilt from the moves (Y has no hidden state).
export function createReplayBoard(replay) {
  const board = createBoard(replay.options.size, {});
  return {
    element: () => board.svg,
    show: (step) => board.update(position(replay, step), new Set(), true),
  };
}

function position(r, step) {
  const n = r.options.size;
  let a = 0n;
  let b = 0n;
  let mover = 0;
  let last = null;
  for (const entry of r.actions.slice(0, step)) {
    if (entry.action === "swap") {
      b = a;
      a = 0n;
      mover = 0;
    } else {
      const bit = 1n << BigInt(Number(entry.action));
      if (mover === 0) a |= bit;
      else b |= bit;
      last = Number(entry.action);
      mover = 1 - mover;
    }
  }
  const finished = step === r.actions.length && r.result;
  const winner = finished ? r.result.indexOf(Math.max(...r.result)) : null;
  return { stones: [a, b], last, winner, to_move: mover, rules: { size: n } };
}
