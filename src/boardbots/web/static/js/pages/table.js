// A table: connect, show seats, hand each state to the game's renderer, and
// show the result with links to the replay once the game ends.

import { api, getConfig } from "../api.js";
import { botChoices, botName, seatNames } from "../bots.js";
import { TableConnection } from "../conn.js";
import { clear, h, put } from "../dom.js";
import { formatList, formatNumber, t } from "../i18n.js";
import { describeError, navigate, toast } from "../main.js";
import { onSettings, saveSeat, seatFor, settings } from "../settings.js";
import { loadRenderer } from "../renderers.js";
import { SoloConnection, isSolo, newSoloId, soloSummary } from "../solo/connection.js";
import { icon } from "../icons.js";
import { storyCharts } from "../games/charts.js";
import { playSound, soundFor } from "../sound.js";
import { graceLeftMs } from "../grace.js";

export function minThinkMs(config) {
  const own = settings().minThinkMs;
  return typeof own === "number" && own >= 0 ? own : Number(config.min_think_ms ?? 600);
}

export async function render(main, { params }) {
  const tableId = params[0];
  const config = await getConfig();
  const creds = seatFor(tableId);
  const solo = isSolo(tableId);
  if (solo && !(creds && creds.solo)) throw Object.assign(new Error(tableId), { code: "table_not_found" });
  const { table } = solo ? { table: soloSummary(tableId, creds.solo) } : await api.table(tableId);
  const renderer = await loadRenderer(config, table.game);
  const conn = solo
    ? new SoloConnection(tableId, creds, minThinkMs(config), config)
    : new TableConnection(tableId, creds && creds.token ? creds : null, minThinkMs(config));
  const page = new TablePage(main, table, conn, creds, config, renderer);
  const offSettings = onSettings((s) => { conn.minThinkMs = minThinkMs(config); });
  return () => {
    offSettings();
    page.destroy();
    conn.close();
  };
}

export function seatName(table, seat, you) {
  const s = table.seats[seat];
  if (!s) return t("seat.number", { n: seat + 1 });
  let name = seatNames(table.seats, () => t("seat.open"))[seat];
  if (seat === you) name = t("seat.you", { name });
  return name;
}

class TablePage {
  constructor(main, table, conn, creds, config, renderer) {
    this.main = main;
    this.table = table;
    this.conn = conn;
    this.creds = creds;
    this.config = config;
    this.you = creds ? creds.seat : null;
    this.msg = null;
    this.thinking = null;
    this.connected = false;
    this.replaceWith = {}; // seat -> bot code the creator picked (kept across redraws)
    this.asked = {}; // seat -> the creator opened its "not coming?" control (kept across redraws)
    this.root = h("div.table-page", { "data-keeps-state": "", "data-game": table.game });
    put(main, this.root);
    this.renderer = renderer;
    this.game = renderer.createTable({
      act: (action) => this.act(action),
      seatName: (seat) => seatName(this.table, seat, this.you),
      options: table.options || {},
    });
    this.build();
    this.listen();
    this.onLang = () => this.build();
    window.addEventListener("langchange", this.onLang);
  }

  listen() {
    const c = this.conn;
    c.addEventListener("welcome", (e) => {
      this.table = e.detail.table;
      this.you = e.detail.you.seat;
      this.drawHead();
    });
    c.addEventListener("state", (e) => this.onState(e.detail));
    c.addEventListener("thinking", (e) => {
      this.thinking = e.detail;
      this.drawSeats();
      this.drawStatus();
    });
    c.addEventListener("table", (e) => {
      this.table = e.detail.table;
      this.drawHead();
      this.drawSeats();
    });
    c.addEventListener("servererror", (e) => {
      const msg = e.detail;
      if (msg.code === "bad_token" || msg.code === "bad_seat") this.you = null;
      if (msg.code !== "stale_state") toast(describeError(msg), "error");
    });
    c.addEventListener("connection", (e) => {
      this.connected = e.detail.up;
      this.root.classList.toggle("offline", !e.detail.up);
      this.drawStatus();
    });
    c.addEventListener("gone", () => toast(t("error.code.table_not_found"), "error"));
    c.addEventListener("unavailable", (e) => this.onUnavailable(e.detail.reason));
  }

  // The creator's secret from creating the table, when this browser made it.
  get ownerToken() {
    return this.creds && this.creds.owner ? this.creds.owner : null;
  }

  get unfinished() {
    return this.table.status === "waiting" || this.table.status === "playing";
  }

  // The creator's bot control for seat i, if any. A player who left a game in play
  // keeps the seat for the grace time: until then the control stays folded under
  // "Not coming back?" (asking skips the wait); an invited seat always is folded.
  seatControl(s, i) {
    if (this.replaceable(s)) return graceLeftMs(s, this.config) === 0 ? this.ownerSeatControl(i) : this.askedSeatControl(i, "table.owner.askback");
    return this.inviteOpen(s) ? this.askedSeatControl(i) : null;
  }

  // Redraw the seats when the next absent player's grace time ends.
  armGrace() {
    clearTimeout(this.graceTimer);
    const waits = this.table.seats.filter((s) => this.replaceable(s)).map((s) => graceLeftMs(s, this.config)).filter((ms) => ms > 0);
    if (waits.length) this.graceTimer = setTimeout(() => this.drawSeats(), Math.min(...waits) + 50);
  }

  // A human seat whose player left during the game: the creator may give it to a bot.
  // Not while the table waits for players: an open seat there is an invitation.
  replaceable(seat) {
    return Boolean(this.ownerToken) && this.table.status === "playing" && seat.kind === "human" && !seat.connected && seat.seat !== this.you;
  }

  // An invited seat nobody has taken yet: the creator may give it to a bot, but only
  // on asking (an open seat at a waiting table is an invitation, not an absence).
  inviteOpen(seat) {
    return Boolean(this.ownerToken) && this.table.status === "waiting" && seat.kind === "human" && !seat.joined;
  }

  askedSeatControl(i, label = "table.owner.ask") {
    const control = this.ownerSeatControl(i);
    if (!control) return null;
    return h("details.seat-ask", { open: Boolean(this.asked[i]), ontoggle: (e) => { this.asked[i] = e.target.open; } },
      h("summary", { "data-test": "seat-ask" }, t(label)), control);
  }

  // A waiting table shows its seats and the invitation; the game is dealt once it starts.
  get dealt() {
    return this.table.status !== "waiting";
  }

  drawGame(fresh) {
    const el = this.game.element();
    el.hidden = !this.dealt;
    if (this.msg && this.dealt) this.game.update(this.msg, { you: this.you, table: this.table, fresh, thinking: this.thinking, story: this.story });
  }

  // A page opened after the game ended saw none of it, and the views hold at most the
  // last lines: a renderer that can tell the whole story from the replay gets it (once).
  async loadFinishedStory() {
    if (!this.renderer.finishedStory) return;
    try {
      const replay = this.conn.replay ? await this.conn.replay() : await api.replay(this.table.id);
      this.story = this.renderer.finishedStory(replay) || undefined;
    } catch {
      return; // the story is extra: the page keeps what the final view shows
    }
    if (this.story) this.drawGame(false);
  }

  async closeTable() {
    if (!this.ownerToken || !window.confirm(t("table.owner.closeconfirm"))) return;
    try {
      const res = await api.close(this.table.id, { owner_token: this.ownerToken });
      this.table = res.table;
      this.drawHead();
      this.drawSeats();
      this.drawStatus();
      toast(t("table.owner.closed"));
    } catch (err) {
      toast(describeError(err), "error");
    }
  }

  async replaceSeat(seat) {
    const bot = this.replaceWith[seat] || "easy";
    try {
      const res = await api.replace(this.table.id, seat, { owner_token: this.ownerToken, bot, ask: Boolean(this.asked[seat]) });
      this.table = res.table;
      this.drawHead();
      this.drawSeats();
      toast(t("table.owner.replaced", { name: botName(bot), n: seat + 1 }));
    } catch (err) {
      toast(describeError(err), "error");
    }
  }

  ownerSeatControl(i) {
    const choices = botChoices(this.config, this.table.game, settings().developer);
    if (!choices.length) return null;
    if (!choices.includes(this.replaceWith[i])) this.replaceWith[i] = choices.includes("easy") ? "easy" : choices[0];
    const select = h("select.small", { "aria-label": t("table.owner.replacebot", { n: i + 1 }), "data-test": "replace-bot",
      onchange: (e) => { this.replaceWith[i] = e.target.value; } },
      choices.map((code) => h("option", { value: code, selected: code === this.replaceWith[i] }, botName(code))));
    return h("span.seat-owner", null, select,
      h("button.small", { type: "button", "data-test": "replace-seat", title: t("table.owner.replacehint"),
        onclick: () => this.replaceSeat(i) }, t("table.owner.replace")));
  }

  destroy() {
    clearTimeout(this.graceTimer);
    window.removeEventListener("langchange", this.onLang);
    if (this.game.destroy) this.game.destroy();
  }

  act(action) {
    if (!this.msg || !this.msg.your_turn) return;
    this.root.classList.add("sending");
    if (!this.conn.act(action)) toast(t("table.offline"), "error");
  }

  onState(msg) {
    this.root.classList.remove("sending");
    const fresh = !this.msg || msg.decision !== this.msg.decision;
    if (!this.msg && msg.status === "finished") this.loadFinishedStory();
    playSound(soundFor(this.msg, msg, this.you));
    this.msg = msg;
    if (msg.status !== this.table.status) this.table = { ...this.table, status: msg.status, result: msg.result };
    this.drawHead();
    this.drawSeats();
    this.drawStatus();
    this.drawGame(fresh);
    this.drawResult();
  }

  build() {
    clear(this.root);
    this.head = h("header.table-head");
    this.banner = h("div.banner-slot");
    this.seats = h("section.seats", { "aria-label": t("table.players") });
    this.status = h("div.status", { role: "status", "aria-live": "polite", "data-test": "status" });
    this.result = h("div.result-slot");
    put(this.root, this.head, this.banner, this.seats, this.status, this.result, this.game.element());
    this.game.relabel();
    this.drawHead();
    this.drawSeats();
    this.drawStatus();
    this.drawGame(false);
    this.drawResult();
  }

  drawHead() {
    const tb = this.table;
    const focused = this.undoBtn && document.activeElement === this.undoBtn;
    const undo = this.you !== null && tb.status !== "waiting" ? this.undoControl() : null;
    put(clear(this.head), 
      h("div.title-block", null,
        h("h1", null, t(`game.${tb.game}.title`)),
        h("p.muted", null, this.renderer.optionsSummary(tb),
          isSolo(tb.id) ? h("span.solo-tag", { "data-test": "solo-tag" }, " · ", t("solo.tag")) : null)),
      h("div.table-tools", null, undo,
        this.ownerToken && this.unfinished
          ? h("button.ghost.danger", { type: "button", "data-test": "close-table", onclick: () => this.closeTable() }, t("table.owner.close"))
          : null,
        h("a.button.ghost", { href: `#/rules/${tb.game}`, target: "_blank" }, t("table.rules")),
        h("a.button.ghost", { href: `#/bots/${tb.game}`, target: "_blank" }, t("table.howbots"))),
    );
    if (focused) this.undoBtn.focus();
    clear(this.banner);
    if (tb.status === "waiting") put(this.banner, this.inviteBanner());
    if (tb.status === "closed") put(this.banner, h("p.banner", null, t("table.closed")));
  }

  // The takeback button keeps its place for the whole game: when it cannot be used it
  // stays focusable (aria-disabled, not disabled) and says why, so nothing shifts or
  // flickers as bots reply and keyboard or screen-reader users hear the reason.
  undoControl() {
    const msg = this.msg;
    const why = msg && !msg.can_undo ? (msg.undo_why || (msg.status === "playing" ? "nothing" : "not_playing")) : null;
    const reason = why ? t(`table.undo.why.${why}`) : t("table.undo.hint");
    if (!this.undoBtn) {
      this.undoBtn = h("button.undo-btn", { type: "button", "data-test": "undo", "aria-describedby": "undo-why",
        onclick: () => { if (this.msg && this.msg.can_undo) this.conn.undo(); } });
    }
    const btn = this.undoBtn;
    put(clear(btn), t("table.undo"));
    btn.title = reason;
    btn.setAttribute("aria-disabled", why ? "true" : "false");
    if (why) btn.dataset.why = why;
    else delete btn.dataset.why;
    return h("span.undo-slot", null, btn, h("span#undo-why.undo-why", { "data-test": "undo-why" }, reason));
  }

  inviteBanner() {
    const link = `${location.origin}${location.pathname}#/join/${this.table.id}`;
    const input = h("input.linkbox", { type: "text", readonly: true, value: link, "aria-label": t("table.invitelink") });
    return h("div.banner.invite", null,
      h("p", null, h("strong", null, t("table.waiting")), " ", t("table.invite")),
      h("div.inline", null, input,
        h("button", { type: "button", onclick: async () => {
          input.select();
          try { await navigator.clipboard.writeText(link); toast(t("table.copied")); } catch { document.execCommand("copy"); }
        } }, t("table.copy"))));
  }

  drawSeats() {
    const tb = this.table;
    const msg = this.msg;
    const pendingSeat = msg && msg.pending ? msg.pending.player : null;
    const list = h("ol.seat-chips", null, tb.seats.map((s, i) => {
      const isTurn = pendingSeat === i && tb.status === "playing";
      const thinking = this.thinking && this.thinking.seat === i;
      const kind = s.kind === "bot" ? t("seat.kind.bot") : s.joined ? t("seat.kind.human") : t("seat.kind.open");
      const extra = this.game.seatInfo && this.dealt ? this.game.seatInfo(msg, i) : null;
      return h("li.seat-chip", { class: [isTurn ? "turn" : "", i === this.you ? "mine" : "", thinking ? "thinking" : ""].join(" "),
        "data-seat": i, "aria-current": isTurn ? "true" : null },
        h("span.seat-swatch", { class: `p${i}`, "aria-hidden": "true" }),
        h("span.seat-main", null,
          h("span.seat-name", null, seatName(tb, i, this.you)),
          h("span.seat-kind", null, kind,
            s.kind === "human" && s.joined && !s.connected ? ` · ${t("seat.away")}` : "")),
        msg && this.dealt ? h("span.seat-score", { title: t("table.score") }, formatNumber(msg.scores[i] ?? 0), " ", h("small", null, t(`game.${tb.game}.scoreunit`))) : null,
        extra,
        this.seatControl(s, i),
        isTurn ? h("span.turn-tag", null, thinking ? h("span.dots", { "data-test": "thinking" }, t("table.thinking")) : t("table.toact")) : null);
    }));
    put(clear(this.seats), list);
    this.armGrace();
  }

  drawStatus() {
    const msg = this.msg;
    const tb = this.table;
    let text = "";
    let cls = "";
    if (!this.connected && !msg) text = t("table.connecting");
    else if (!this.connected) { text = t("table.reconnecting"); cls = "warn"; }
    else if (tb.status === "waiting") text = t("table.waiting");
    else if (!msg) text = t("app.loading");
    else if (msg.status === "finished") text = t("table.over");
    else if (msg.status === "closed") text = t("table.closed");
    else if (this.thinking) { text = t("table.botthinking", { name: seatName(tb, this.thinking.seat, this.you) }); cls = "thinking"; }
    else if (msg.your_turn) { text = this.game.yourTurnText(msg); cls = "yours"; }
    else if (msg.pending) text = this.game.waitText(msg, seatName(tb, msg.pending.player, this.you));
    if (this.you === null && tb.status !== "waiting" && msg && msg.status === "playing") text = `${t("table.spectating")} · ${text}`;
    this.status.className = `status ${cls}`;
    put(clear(this.status), ...(cls === "thinking" ? [h("span.spinner", { "aria-hidden": "true" })] : []), text);
    this.status.toggleAttribute("data-thinking", cls === "thinking");
  }

  drawResult() {
    clear(this.result);
    const msg = this.msg;
    if (!msg || msg.status !== "finished" || !msg.result) return;
    const tb = this.table;
    const best = Math.max(...msg.result);
    const winners = msg.result.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
    let headline;
    if (winners.length > 1) headline = t("result.shared", { names: formatList(winners.map((i) => seatName(tb, i, this.you))) });
    else if (winners[0] === this.you) headline = t("result.youwin");
    else headline = t("result.wins", { name: seatName(tb, winners[0], this.you) });
    const rows = tb.seats.map((s, i) => h("tr", { class: winners.includes(i) ? "winner" : "" },
      h("th", { scope: "row" }, winners.includes(i) ? icon("star") : null, seatName(tb, i, this.you)),
      h("td", null, formatNumber(msg.scores[i] ?? 0)),
      h("td", null, formatNumber(msg.result[i], { style: "percent", maximumFractionDigits: 0 }))));
    put(this.result, h("section.panel.result", { "data-test": "result", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title" }, headline),
      h("table.scores", null,
        h("thead", null, h("tr", null, h("th", { scope: "col" }, t("result.player")), h("th", { scope: "col" }, t(`game.${tb.game}.scorehead`)), h("th", { scope: "col" }, t("result.share")))),
        h("tbody", null, rows)),
      this.game.resultExtra ? this.game.resultExtra(msg) : null,
      storyCharts(msg.timeline, { seatName: (s) => seatName(tb, s, this.you) }),
      h("div.actions", null,
        h("a.button.primary", { href: `#/replay/${tb.id}`, "data-test": "replay-link" }, t("result.replay")),
        this.conn.replay ? h("button", { type: "button", "data-test": "download-replay", onclick: () => this.downloadReplay() }, t("solo.download")) : null,
        this.you !== null ? h("button", { type: "button", onclick: () => this.rematch() }, t("result.rematch")) : null,
        h("a.button", { href: "#/" }, t("result.newgame")))));
  }

  // Pyodide could not start here: say why and offer the same table on the server.
  onUnavailable(reason) {
    const spec = this.creds && this.creds.solo;
    put(clear(this.banner), h("div.banner", { role: "alert", "data-test": "solo-unavailable" },
      h("p", null, t("solo.unavailable", { reason })),
      spec ? h("button", { type: "button", onclick: () => this.toServer(spec) }, t("solo.toserver")) : null));
  }

  async toServer({ human, seed, ...spec }) {
    try {
      const made = await api.create({ ...spec, join: human });
      saveSeat(made.table.id, { seat: made.seat, token: made.token, owner: made.owner_token });
      navigate(`/table/${made.table.id}`);
    } catch (err) {
      toast(describeError(err), "error");
    }
  }

  async downloadReplay() {
    const text = await this.conn.replayText();
    const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
      download: `${this.table.id}.json` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async rematch() {
    const tb = this.table;
    if (isSolo(tb.id)) {
      const id = newSoloId();
      saveSeat(id, { seat: this.you, solo: { ...this.creds.solo, seed: undefined } });
      navigate(`/table/${id}`);
      return;
    }
    const name = settings().name || t("home.defaultname");
    const seats = tb.seats.map((s, i) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human", ...(i === this.you ? { name } : {}) }));
    try {
      const made = await api.create({ game: tb.game, options: tb.options, seats, join: this.you, name });
      saveSeat(made.table.id, { seat: made.seat, token: made.token, owner: made.owner_token });
      navigate(`/table/${made.table.id}`);
    } catch (err) {
      toast(describeError(err), "error");
    }
  }
}
