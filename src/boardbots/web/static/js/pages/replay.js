// After the game: step through every decision, see the position (the game's
// renderer draws it, from the moves or from the views the server kept), and for
// each bot decision the candidates it weighed: visits and estimated win rate
// (Hard), values (Medium).

import { api, getConfig } from "../api.js";
import { botName, seatNames } from "../bots.js";
import { clear, h, put } from "../dom.js";
import { formatList, formatNumber, formatPercent, t } from "../i18n.js";
import { loadRenderer } from "../renderers.js";
import { describeError } from "../main.js";
import { seatFor } from "../settings.js";
import { SoloConnection, isSolo } from "../solo/connection.js";
import { icon } from "../icons.js";
import { storyCharts } from "../games/charts.js";

export async function render(main, { params }) {
  const id = params[0];
  const config = await getConfig();
  let replay;
  let renderer;
  try {
    replay = isSolo(id) ? await soloReplay(id, config) : await api.replay(id);
    renderer = await loadRenderer(config, replay.game);
  } catch (err) {
    put(main, h("section.panel.narrow", { role: "alert" }, h("h1", null, t("replay.title")), h("p", null, describeError(err)),
      h("a.button", { href: `#/table/${id}` }, t("replay.back"))));
    return null;
  }
  const viewer = new ReplayViewer(main, replay, renderer);
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
  return seatNames(replay.seats, () => t("seat.kind.human"))[seat];
}

class ReplayViewer {
  constructor(main, replay, renderer) {
    this.replay = replay;
    this.renderer = renderer;
    // A decision in words, as the game's renderer says it.
    this.words = (action) => renderer.actionText(action, replay.options || {});
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
    this.board = this.renderer.createReplayBoard(r, { seatName: (s) => seatLabel(r, s) });
    put(this.boardBox, this.board.element());
  }

  fillList() {
    const r = this.replay;
    const undone = new Map((r.takebacks || []).map((tb) => [tb.at, tb]));
    put(clear(this.list), ...r.actions.map((a, i) => [undone.has(i) ? this.takebackItem(undone.get(i)) : null, h("li", { "data-n": i },
      h("button.linklike", { type: "button", onclick: () => this.go(i + 1) },
        h("span.muted", null, `${i + 1}. `), seatLabel(r, a.seat), ": ", this.words(a.action),
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
    this.board.show(this.step);
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
      h("p", null, h("strong", null, this.words(entry.action))),
      h("p.muted.small", null, t(`replay.by.${entry.by}`, { bot: botName(entry.bot), reason: entry.reason ? t(`replay.reason.${entry.reason}`) : "" }),
        entry.ms !== undefined && entry.ms !== null ? ` · ${t("replay.ms", { ms: Math.round(entry.ms) })}` : ""));
    put(this.notes, notesTable(entry, this.words));
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

// The candidates a bot weighed, best first.
export function notesTable(entry, words) {
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
    h("td", null, words(c.action), String(c.action) === String(entry.action) ? h("span.tag", null, t("replay.chosen")) : null),
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
