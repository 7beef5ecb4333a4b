// After the game: step through every decision, see the position (Y is rebuilt
// here; Domination when the server sends views), and for each bot decision the
// candidates it weighed: visits and estimated win rate (Hard), values (Medium).

import { api, getConfig } from "../api.js";
import { botName } from "../bots.js";
import { clear, h, put } from "../dom.js";
import { formatList, formatNumber, formatPercent, t } from "../i18n.js";
import { cardCounts, setCardTable } from "../games/cards.js";
import { domActionText } from "../games/domtext.js";
import { createDominationTable, logCap } from "../games/domtable.js";
import { replayStories } from "../games/story.js";
import { createBoard } from "../games/y.js";
import { yActionText } from "../games/ytable.js";
import { describeError } from "../main.js";
import { seatFor } from "../settings.js";
import { SoloConnection, isSolo } from "../solo/connection.js";
import { icon } from "../icons.js";
import { storyCharts } from "../games/charts.js";

export async function render(main, { params }) {
  const id = params[0];
  const config = await getConfig();
  const dom = (config.games || []).find((g) => g.name === "domination");
  if (dom) setCardTable(dom.default_options.cards);
  let replay;
  try {
    replay = isSolo(id) ? await soloReplay(id, config) : await api.replay(id);
  } catch (err) {
    put(main, h("section.panel.narrow", { role: "alert" }, h("h1", null, t("replay.title")), h("p", null, describeError(err)),
      h("a.button", { href: `#/table/${id}` }, t("replay.back"))));
    return null;
  }
  const viewer = new ReplayViewer(main, replay);
  const onKey = (e) => viewer.key(e);
  window.addEventListener("keydown", onKey);
  return () => window.removeEventListener("keydown", onKey);
}

// A solo table's replay comes from its record in this browser, through an engine Worker.
async function soloReplay(id, config) {
  const creds = seatFor(id);
  if (!creds || !creds.solo) throw Object.assign(new Error(id), { code: "table_not_found" });
  const conn = new SoloConnection(id, creds, 0, config, { replayOnly: true });
  try {
    const replay = await conn.replay();
    if (replay.type === "error") throw Object.assign(new Error(replay.message), { code: replay.code });
    return replay;
  } finally {
    conn.close();
  }
}

function seatLabel(replay, seat) {
  const s = replay.seats[seat];
  if (!s) return t("seat.number", { n: seat + 1 });
  return s.kind === "bot" ? botName(s.bot) : s.name || t("seat.kind.human");
}

export function actionWords(replay, action) {
  if (replay.game === "y") return yActionText(replay.options.size, action);
  return domActionText(action);
}

class ReplayViewer {
  constructor(main, replay) {
    this.replay = replay;
    this.step = replay.actions.length;
    this.timer = null;
    this.root = h("div.replay-page");
    put(main, this.root);
    this.build();
  }

  build() {
    const r = this.replay;
    const n = r.actions.length;
    this.slider = h("input#replay-step", { type: "range", min: 0, max: n, value: this.step, "aria-label": t("replay.position"),
      oninput: (e) => this.go(Number(e.target.value)) });
    this.counter = h("span.counter", { "aria-live": "polite", "data-test": "replay-counter" });
    this.playBtn = h("button", { type: "button", "data-test": "play", onclick: () => this.toggle() });
    this.labelPlay(false);
    this.boardBox = h("div.replay-board");
    this.list = h("ol.decision-list", { "aria-label": t("replay.decisions") });
    this.notes = h("section.panel.notes", { "aria-live": "polite", "data-test": "notes" });
    this.charts = h("div.replay-charts");
    put(this.root, 
      h("header.table-head", null,
        h("div.title-block", null, h("h1", null, t("replay.title")),
          h("p.muted", null, t(`game.${r.game}.title`), " · ", this.resultText())),
        h("div.table-tools", null,
          h("a.button.ghost", { href: `#/bots/${r.game}` }, t("table.howbots")),
          h("a.button.ghost", { href: `/api/tables/${r.table}/replay`, download: `replay-${r.table}.json` }, t("replay.download")))),
      h("div.replay-controls", { role: "group", "aria-label": t("replay.controls") },
        h("button", { type: "button", "aria-label": t("replay.first"), onclick: () => this.go(0) }, icon("first")),
        h("button", { type: "button", "aria-label": t("replay.prev"), "data-test": "prev", onclick: () => this.go(this.step - 1) }, icon("prev")),
        this.playBtn,
        h("button", { type: "button", "aria-label": t("replay.next"), "data-test": "next", onclick: () => this.go(this.step + 1) }, icon("next")),
        h("button", { type: "button", "aria-label": t("replay.last"), onclick: () => this.go(n) }, icon("last")),
        this.slider, this.counter),
      h("div.replay-grid", null, this.boardBox, h("div.replay-side", null, this.notes,
        h("section.panel.tight", null, h("h2.small-title", null, t("replay.decisions")), this.list))),
      this.charts,
    );
    this.setupBoard();
    this.fillList();
    this.go(this.step);
  }

  resultText() {
    const r = this.replay;
    if (!r.result) return t("replay.unfinished");
    const best = Math.max(...r.result);
    const winners = r.result.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0);
    return winners.length > 1
      ? t("result.shared", { names: formatList(winners.map((i) => seatLabel(r, i))) })
      : t("result.wins", { name: seatLabel(r, winners[0]) });
  }

  setupBoard() {
    const r = this.replay;
    if (r.game === "y") {
      this.board = createBoard(r.options.size, {});
      put(this.boardBox, this.board.svg);
      return;
    }
    if (Array.isArray(r.views)) {
      this.dom = createDominationTable({ act: () => {}, seatName: (s) => seatLabel(r, s) });
      put(this.boardBox, this.dom.element());
      return;
    }
    this.bought = h("div.bought");
    put(this.boardBox, h("section.panel", null, h("h2.small-title", null, t("replay.bought")), this.bought,
      h("p.hint", null, t("replay.noviews"))));
  }

  fillList() {
    const r = this.replay;
    const undone = new Map((r.takebacks || []).map((tb) => [tb.at, tb]));
    put(clear(this.list), ...r.actions.map((a, i) => [undone.has(i) ? this.takebackItem(undone.get(i)) : null, h("li", { "data-n": i },
      h("button.linklike", { type: "button", onclick: () => this.go(i + 1) },
        h("span.muted", null, `${i + 1}. `), seatLabel(r, a.seat), ": ", actionWords(r, a.action),
        a.by === "fallback" ? h("span.tag.warn", null, t("replay.fallback")) : a.notes && a.notes.candidates && a.notes.candidates.length ? h("span.tag", null, t("replay.hasnotes")) : null))]),
      undone.has(r.actions.length) ? this.takebackItem(undone.get(r.actions.length)) : null);
  }

  // A takeback recorded before decision `at`: who took back, and how many decisions went.
  takebackItem(tb) {
    return h("li.takeback", { "data-test": "takeback" },
      t("replay.takeback", { name: seatLabel(this.replay, tb.seat), count: tb.undone.length }));
  }

  go(step) {
    const r = this.replay;
    this.step = Math.max(0, Math.min(r.actions.length, step));
    this.slider.value = this.step;
    this.counter.textContent = t("replay.counter", { k: this.step, n: r.actions.length });
    if (this.board) this.board.update(yPosition(r, this.step), new Set(), true);
    if (this.dom && r.views[this.step]) {
      const view = r.views[this.step];
      if (!this.stories) this.stories = replayStories(r.views, logCap(view));
      this.dom.update({ view, legal: [], your_turn: false, scores: [], decision: this.step },
        { you: null, fresh: true, story: this.stories[this.step] });
    }
    if (this.bought) this.drawBought();
    for (const li of this.list.children) li.classList.toggle("current", Number(li.dataset.n) === this.step - 1);
    this.revealCurrent();
    this.drawNotes();
    this.drawCharts();
    if (this.step >= r.actions.length) this.stop();
  }

  // Scrolls the decision list only: scrollIntoView would scroll the page too and
  // carry the board and the controls out of view while stepping.
  revealCurrent() {
    const cur = this.list.querySelector(".current");
    if (!cur) return;
    const box = this.list.getBoundingClientRect();
    const row = cur.getBoundingClientRect();
    if (row.top < box.top || row.bottom > box.bottom) this.list.scrollTop += row.top - box.top - (box.height - row.height) / 2;
  }

  // Without positions from the server: what each player has bought up to this step.
  drawBought() {
    const r = this.replay;
    const per = r.seats.map(() => new Map());
    for (const entry of r.actions.slice(0, this.step)) {
      const [verb, name] = String(entry.action).split(":");
      if (verb === "buy" && name) per[entry.seat].set(name, (per[entry.seat].get(name) || 0) + 1);
    }
    clear(this.bought);
    r.seats.forEach((_, i) => put(this.bought, h("p", null, h("strong", null, seatLabel(r, i)), ": ",
      per[i].size ? cardCounts(per[i]) : t("dom.none"))));
  }

  // The end-of-game charts, drawn up to this step (the timeline comes with the views).
  drawCharts() {
    const charts = storyCharts(this.replay.timeline, { seatName: (s) => seatLabel(this.replay, s), upto: this.step });
    put(clear(this.charts), charts ? h("section.panel", null, h("h2.small-title", null, t("chart.title")), charts) : null);
  }

  drawNotes() {
    const r = this.replay;
    clear(this.notes);
    const entry = r.actions[this.step - 1];
    if (!entry) {
      put(this.notes, h("p.muted", null, t("replay.start")));
      return;
    }
    const who = seatLabel(r, entry.seat);
    put(this.notes, h("h2", null, t("replay.decision", { k: this.step, name: who })),
      h("p", null, h("strong", null, actionWords(r, entry.action))),
      h("p.muted.small", null, t(`replay.by.${entry.by}`, { bot: botName(entry.bot), reason: entry.reason ? t(`replay.reason.${entry.reason}`) : "" }),
        entry.ms !== undefined && entry.ms !== null ? ` · ${t("replay.ms", { ms: Math.round(entry.ms) })}` : ""));
    put(this.notes, notesTable(r, entry));
  }

  toggle() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.step >= this.replay.actions.length) this.go(0);
    this.labelPlay(true);
    this.timer = setInterval(() => this.go(this.step + 1), 900);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.labelPlay(false);
  }

  labelPlay(playing) {
    put(clear(this.playBtn), icon(playing ? "pause" : "play"), t(playing ? "replay.pause" : "replay.play"));
  }

  key(e) {
    if (e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") this.go(this.step + 1);
    else if (e.key === "ArrowLeft") this.go(this.step - 1);
  }
}

function yPosition(r, step) {
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

// The candidates a bot weighed, best first.
export function notesTable(r, entry) {
  const notes = entry.notes || {};
  const cands = notes.candidates || [];
  if (entry.by === "human") return h("p.muted.small", null, t("replay.human"));
  if (!cands.length) {
    const reason = notes.reason ? t(`replay.easy.${notes.reason.replace(/\W+/g, "")}`) : t("replay.nonotes");
    return h("p.small", null, reason);
  }
  const hard = cands.some((c) => "visits" in c);
  const maxVisits = Math.max(1, ...cands.map((c) => c.visits || 0));
  const rows = cands.map((c, i) => h("tr", { class: String(c.action) === String(entry.action) ? "chosen" : "" },
    h("td", null, actionWords(r, c.action), String(c.action) === String(entry.action) ? h("span.tag", null, t("replay.chosen")) : null),
    hard ? h("td.num", null, formatNumber(c.visits),
      h("span.bar", { "aria-hidden": "true", style: `--w:${((100 * (c.visits || 0)) / maxVisits).toFixed(1)}%` })) : null,
    hard ? h("td.num", null, c.mean === null || c.mean === undefined ? "–" : formatPercent(c.mean))
      : h("td.num", null, formatNumber(c.value, { maximumFractionDigits: 3 }))));
  return h("div.notes-table", null,
    h("h3.small-title", null, hard ? t("replay.hard.title", { n: notes.iterations ?? 0 }) : t("replay.medium.title")),
    h("table.cands", null,
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("replay.col.move")),
        hard ? h("th.num", { scope: "col" }, t("replay.col.visits")) : null,
        h("th.num", { scope: "col" }, hard ? t("replay.col.winrate") : t("replay.col.value")))),
      h("tbody", null, rows)),
    h("p.hint", null, hard ? t("replay.hard.note") : t("replay.medium.note")));
}
