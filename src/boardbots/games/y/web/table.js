// The Game of Y at a table: the board, the prompt, hover previews, the swap
// offer and the list of moves.

import { clear, h, put } from "../../../js/dom.js";
import { formatList, t } from "../../../js/i18n.js";
import { cellName, createBoard, stoneName } from "./board.js";
import { tableStory } from "../../../js/games/story.js";
import { illegalHint } from "../../../js/hint.js";

export function yActionText(n, action) {
  return action === "swap" ? t("y.move.swap") : t("y.move.place", { cell: cellName(n, Number(action)) });
}

export function yPreviewText(p) {
  if (!p) return "";
  if (p.swap) return t("y.preview.swap");
  if (p.wins) return t("y.preview.wins");
  const sides = (p.sides || []).map((s) => t(`y.side.${s}`));
  const group = t("y.preview.group", { count: p.group_size });
  return sides.length ? `${group} · ${t("y.preview.sides", { sides: formatList(sides) })}` : group;
}

export function createYTable({ act, seatName }) {
  let board = null;
  let size = null;
  let msg = null;
  let ctx = null;
  let story = null;
  const el = h("div.ygame");
  const boardBox = h("div.yboard-box");
  const side = h("aside.yside-panel");
  const prompt = h("div.prompt", { "aria-live": "polite" });
  const preview = h("p.preview", { "data-test": "preview" });
  const swapBox = h("div.swap-box");
  const moveList = h("ol.movelist", { "aria-label": t("y.moves") });
  const legend = h("div.ylegend");
  put(side, prompt, preview, swapBox, legend, h("h2.small-title", null, t("y.moves")), moveList);
  put(el, boardBox, side);

  function ensureBoard(n) {
    if (board && size === n) return;
    size = n;
    board = createBoard(n, {
      onPick: (i) => act(i),
      onHover: (i) => showPreview(i),
      onIllegal: (i, cell) => {
        if (!msg || msg.status !== "playing") return;
        if (!msg.your_turn) illegalHint(cell, t("table.illegal.wait"));
        else if (!legalMap().has(i)) illegalHint(cell, t("y.illegal.taken"));
      },
    });
    put(clear(boardBox), board.svg);
  }

  function legalMap() {
    const map = new Map();
    if (msg && msg.your_turn) for (const entry of msg.legal) map.set(entry.action, entry);
    return map;
  }

  function showPreview(i) {
    const entry = i === null ? null : legalMap().get(i);
    preview.textContent = entry ? `${cellName(size, i)}: ${yPreviewText(entry.preview)}` : "";
  }

  // Every move so far: the whole game when the page has it from the replay, else the
  // moves this tab has seen (kept across reloads).
  function moves() {
    if (ctx.story) return ctx.story;
    if (!story || story.id !== ctx.table.id) story = { id: ctx.table.id, ...tableStory(ctx.table.id) };
    return story.moves(msg.decision, msg.last);
  }

  function drawSide() {
    const view = msg.view;
    const legal = legalMap();
    clear(prompt);
    if (msg.your_turn) {
      put(prompt, h("p", null, t("y.prompt.place", { stone: stoneName(ctx.you) })));
    }
    clear(swapBox);
    if (legal.has("swap")) {
      put(swapBox, h("p.hint", null, t("y.swap.offer")),
        h("button.primary", { type: "button", "data-test": "swap", onclick: () => act("swap") }, t("y.swap.button")));
    }
    put(clear(legend), 
      h("p", null, h("span.legend-stone.p0", { "aria-hidden": "true" }), seatName(0), " – ", stoneName(0)),
      h("p", null, h("span.legend-stone.p1", { "aria-hidden": "true" }), seatName(1), " – ", stoneName(1)),
      h("p.hint", null, t("y.goal")));
    put(clear(moveList), ...moves().map((m) =>
      h("li", null, h("span.muted", null, `${m.n + 1}. `), seatName(m.seat), " ", yActionText(size, m.action))));
    moveList.scrollTop = moveList.scrollHeight;
    if (view.winner !== null && view.winner !== undefined) {
      put(prompt, h("p.win", null, t("y.won", { name: seatName(view.winner) })));
    }
  }

  return {
    element: () => el,
    relabel() {
      board = null;
      moveList.setAttribute("aria-label", t("y.moves"));
      side.querySelector(".small-title").textContent = t("y.moves");
    },
    update(message, context) {
      msg = message;
      ctx = context;
      const view = msg.view;
      ensureBoard(view.rules.size);
      const legal = new Set(msg.your_turn ? msg.legal.map((e) => e.action).filter((a) => a !== "swap") : []);
      board.update(view, legal, context.fresh);
      el.classList.toggle("my-turn", Boolean(msg.your_turn));
      drawSide();
    },
    yourTurnText: () => t("table.yourturn"),
    waitText: (m, name) => t("table.waitfor", { name }),
  };
}
