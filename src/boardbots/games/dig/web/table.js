// Dig at a table: the turn line, the round track (this round's event face up, the
// deck face down), the miners, the cart with its dice and collapse risk, the stake /
// dig / haul buttons and the story. Only legal actions act; the others say why.
//
// Motion comes from comparing the view before a decision with the one after it
// (text.js `stepLine`), never from who decided, so a bot's dig rolls, fills, caves in
// and hauls exactly like a person's (spec 000).

import { clear, h, put } from "../../../js/dom.js";
import { formatNumber, formatPercent, t } from "../../../js/i18n.js";
import { storyList, tableStory } from "../../../js/games/story.js";
import { illegalHint } from "../../../js/hint.js";
import { collapseChance, maxStake, threshold } from "./odds.js";
import { cartNumbers, cartPicture, diceBox, doneIcon, gemIcon, oreIcon, trackRow } from "./parts.js";
import { buttonText, eventName, lastDigLine, lineText, previewText, scoredText, stepLine, turnsOf } from "./text.js";
import { scoreBreakdown } from "./breakdown.js";

export function createDigTable({ act, seatName }) {
  let msg = null;
  let ctx = null;
  let prev = null; // {view, decision} last drawn
  let story = null;
  let lastRound = null; // the last round's scoring (the view's `scored`), shown until the next
  let current = null; // the decision just drawn, as a story line (text.js `stepLine`)
  let newsLine = null; // the line under the cart
  let quiet = false; // the table is moving focus itself: no preview for that
  const el = h("div.diggame");
  const layout = h("div.dig-layout");
  const parts = {
    turn: h("p.dig-turnline", { "data-test": "turnline" }),
    track: h("section.dig-track"),
    miners: h("section.dig-miners"),
    pit: h("section.dig-pit"),
    controls: h("section.dig-controls", { "data-zone": "controls" }),
    side: h("aside.dig-side"),
  };
  const main = h("div.dig-main", null, parts.turn, parts.track, parts.miners, parts.pit, parts.controls);
  put(el, put(layout, main, parts.side));
  const buttons = new Map();

  const legal = () => new Set(msg && msg.your_turn ? msg.legal.map((e) => String(e.action)) : []);

  // Why an action that is not legal now cannot be chosen, in a few words.
  function whyNot(action) {
    if (!msg || msg.status !== "playing") return null;
    if (!msg.your_turn) return t("table.illegal.wait");
    const v = msg.view;
    const [verb, arg] = action.split(":");
    if (verb === "stake" && v.phase === "dig") return t("dig.illegal.staked");
    if (verb === "stake") return t("dig.illegal.gems", { gems: v.gems[ctx.you], count: v.gems[ctx.you], stake: Number(arg) });
    return t("dig.illegal.stakefirst");
  }

  function button(action, primary) {
    if (!buttons.has(action)) {
      const b = h(`button${primary ? ".primary" : ""}`, { type: "button", "data-action": action,
        onclick: () => (legal().has(action) ? act(action) : illegalHint(b, whyNot(action) || t("table.illegal.wait"))),
        onpointerenter: () => preview(action), onfocus: () => preview(action),
        onpointerleave: () => preview(null), onblur: () => preview(null) });
      buttons.set(action, b);
    }
    return buttons.get(action);
  }

  // Pointing at or focusing a legal choice shows, under the cart, what the server says
  // it would do (its preview); leaving it shows what just happened again.
  function preview(action) {
    const box = parts.pit.querySelector("[data-test=news]");
    if (!box || !msg || quiet) return;
    const entry = action && msg.your_turn ? msg.legal.find((e) => String(e.action) === action) : null;
    const words = entry ? previewText(action, entry.preview) : null;
    box.classList.toggle("preview", Boolean(words));
    if (words) put(clear(box), words);
    else put(clear(box), newsWords(newsLine));
  }

  function drawControls() {
    const v = msg.view;
    const ok = legal();
    const stakes = [];
    for (let k = 0; k <= maxStake(v); k += 1) stakes.push(`stake:${k}`);
    const risky = (k) => formatPercent(collapseChance(threshold(v, k)));
    for (const action of [...stakes, "dig", "haul"]) {
      const b = button(action, action === "dig");
      const k = action.startsWith("stake:") ? Number(action.slice(6)) : null;
      put(clear(b), buttonText(action), k === null || v.phase !== "stake" ? null
        : h("span.btn-sub", null, t("dig.button.risk", { risk: risky(k) })));
      b.setAttribute("aria-disabled", ok.has(action) ? "false" : "true");
    }
    const row = (id, title, list) => h("div.control-row", { role: "group", "aria-labelledby": id },
      h("span.control-title", { id }, title), list.map((a) => buttons.get(a)));
    if (!parts.controls.firstChild || parts.controls.dataset.stakes !== String(stakes.length)) {
      parts.controls.dataset.stakes = String(stakes.length);
      put(clear(parts.controls), row("dig-stake-title", t("dig.controls.stake"), stakes),
        row("dig-go-title", t("dig.controls.then"), ["dig", "haul"]));
    }
    el.classList.toggle("my-turn", Boolean(msg.your_turn));
    // Spectators, replays and a finished game have nothing to choose.
    parts.controls.hidden = ctx.you === null || ctx.you === undefined || v.phase === "over";
  }

  function drawTurn() {
    const v = msg.view;
    if (v.phase === "over") {
      put(clear(parts.turn), h("strong", null, t("dig.turn.over")));
      return;
    }
    const mine = v.cur === ctx.you;
    const vars = { name: seatName(v.cur), n: v.cart.digs + 1 };
    const doing = v.phase === "stake"
      ? t(mine ? "dig.turn.yourstake" : "dig.turn.staking", vars)
      : t(mine ? "dig.turn.yourdig" : "dig.turn.digging", vars);
    const left = v.players - v.done.length;
    put(clear(parts.turn),
      h("span.turn-round", null, t("dig.turn.round", { round: v.round + 1, rounds: v.rounds })), " · ",
      h("strong", null, doing), " · ",
      h("span.muted", null, t("dig.turn.left", { n: left, count: left })));
  }

  function drawMiners(line) {
    const v = msg.view;
    put(clear(parts.miners), h("ol.miner-list", null, v.scores.map((score, i) => {
      const hauled = line && line.seat === i && line.kind === "haul" && line.banked.ore > 0;
      const scored = line && line.scored && line.scored[i] !== 0;
      return h("li.miner", { class: `p${i} ${v.cur === i && v.phase !== "over" ? "current" : ""} ${v.done.includes(i) ? "done" : ""}`, "data-seat": i },
        h("span.seat-swatch", { class: `p${i}`, "aria-hidden": "true" }),
        h("span.miner-name", null, seatName(i)),
        h("span.miner-score", { "data-test": "score", class: scored ? "anim-score" : "" },
          h("strong", null, formatNumber(score)), " ", h("small", null, t("dig.miner.points", { count: score }))),
        h("span.miner-gems", { "data-test": "gems" }, gemIcon(), formatNumber(v.gems[i]), h("span.sr-only", null, t("dig.cart.gems", { count: v.gems[i] }))),
        h("span.miner-haul", { "data-test": "haul", class: hauled ? "anim-haul" : "" }, oreIcon(), formatNumber(v.hauls[i]),
          h("span.sr-only", null, t("dig.miner.haul"))),
        v.done.includes(i) ? h("span.miner-done", { title: t("dig.miner.done") }, doneIcon(), h("span.sr-only", null, t("dig.miner.done"))) : null);
    })));
  }

  // The load that left the cart in this decision: lost in a cave-in or hauled out.
  function goneLoad(line) {
    if (line && line.kind === "collapse") return { ore: line.lost.ore, gems: line.lost.gems };
    if (line && line.kind === "haul") return { ore: prev.view.cart.ore, gems: prev.view.cart.gems };
    return null;
  }

  // What just happened, in a line under the cart: this decision, or else the last dig.
  function news(line) {
    newsLine = line;
    return h("p.dig-news", { "data-test": "news", class: line && line.kind === "collapse" ? "bad" : "" }, newsWords(line));
  }

  function newsWords(line) {
    return line ? [h("strong", null, seatName(line.seat)), " ", lineText(line)] : null;
  }

  function drawPit(line) {
    const v = msg.view;
    const cart = v.cart;
    const limit = threshold(v);
    const risk = collapseChance(limit);
    const collapse = line && line.kind === "collapse";
    const dug = line && line.kind === "dig";
    const motion = collapse ? "anim-collapse" : line && line.kind === "haul" ? "anim-haulout" : "";
    const roll = v.last ? v.last.roll : null;
    put(clear(parts.pit),
      h("div.dig-cart-box", { class: collapse ? "caved" : "" },
        cartPicture(cart, { freshOre: dug ? line.ore : 0, freshGems: dug ? line.gems : 0, freshBeams: line && line.kind === "stake" ? line.stake : 0, motion, gone: goneLoad(line) }),
        collapse ? h("span.dust", { "aria-hidden": "true" }) : null),
      diceBox(roll, { fresh: Boolean(dug || collapse), collapse: v.last && v.last.outcome === "collapse" }),
      cartNumbers(cart, risk, limit, { ore: dug && line.ore ? "anim-bump" : "", gems: dug && line.gems ? "anim-bump" : "" }, v.phase === "over"),
      news(line || lastDigLine(v)));
  }

  function drawSide() {
    const lines = storyLines();
    const log = lines.length
      ? storyList(turnsOf(lines), { label: t("dig.log"), test: "log", line: (entry) => [lineText(entry),
        entry.scored ? h("span.dig-scored", null, " ", scoredText(entry.scored, seatName)) : null],
        heading: (turn) => `${t("dig.log.round", { n: turn.round + 1, event: eventName(turn.event) })} · ${turn.player === ctx.you ? t("story.yourturn") : t("story.turn", { name: seatName(turn.player) })}` })
      : h("p.muted.small", null, t("dig.log.none"));
    const showLog = lines.length || msg.view.phase !== "over";
    const old = parts.side.querySelector("[data-test=log]");
    const follow = !old || old.scrollTop + old.clientHeight >= old.scrollHeight - 8;
    const kept = old ? old.scrollTop : 0;
    put(clear(parts.side),
      lastRound ? h("p.dig-roundend", { "data-test": "round-end", class: lastRound.fresh ? "anim-round" : "" },
        h("strong", null, t("dig.roundend", { n: lastRound.round + 1, event: eventName(lastRound.event) })), " ", scoredText(lastRound.scored, seatName)) : null,
      showLog ? h("section.panel.tight.dig-logbox", null, h("h2.small-title", null, t("dig.log")), log) : null);
    log.scrollTop = follow ? log.scrollHeight : kept;
  }

  // The story so far: the replay's lines up to its step, or the table's kept lines.
  function storyLines() {
    if (ctx.story) return ctx.story;
    if (!story || story.id !== ctx.table.id) story = { id: ctx.table.id, ...tableStory(ctx.table.id) };
    return story.moves(msg.decision, current);
  }

  // Section names in the current language (a language switch redraws without rebuilding).
  function label() {
    const names = { track: "dig.track.title", miners: "dig.miners", pit: "dig.cart.title", controls: "dig.controls" };
    for (const [part, key] of Object.entries(names)) parts[part].setAttribute("aria-label", t(key));
  }

  function draw() {
    const v = msg.view;
    label();
    const step = ctx.fresh && prev && msg.decision === prev.decision + 1 && prev.view.phase !== "over";
    current = step ? stepLine(prev.view, v, prev.decision) : null;
    // What this drawing shows, for tests that watch the motion: "seat:kind" of the decision.
    el.dataset.decision = String(msg.decision);
    el.dataset.step = current ? `${current.seat}:${current.kind}` : "";
    lastRound = v.scored ? { ...v.scored, scored: v.scored.gains, fresh: Boolean(current && current.scored) } : null;
    drawTurn();
    put(clear(parts.track), trackRow(v, { freshRound: Boolean(current && current.scored) }));
    drawMiners(current);
    drawPit(current);
    drawControls();
    drawSide();
    prev = { view: v, decision: msg.decision };
  }

  // Focus stays on the control that had it; when that one cannot be used any more on
  // your turn (you staked, or your turn came back), it moves to the first usable one.
  function keepFocus(had) {
    if (!had || !msg.your_turn) return;
    const active = document.activeElement;
    if (active && active.getAttribute("aria-disabled") === "false") return;
    const first = [...parts.controls.querySelectorAll("button[aria-disabled=false]")];
    const next = first.find((b) => b.dataset.action === "dig") || first[0];
    // A focus the table moves itself keeps the news of what just happened in view.
    quiet = true;
    if (next) next.focus({ preventScroll: true });
    quiet = false;
  }

  return {
    element: () => el,
    relabel() {
      buttons.clear();
      clear(parts.controls);
    },
    update(message, context) {
      const had = el.contains(document.activeElement);
      msg = message;
      ctx = context;
      draw();
      keepFocus(had);
    },
    // The end of the game: each player's points and gems, and the total they make.
    resultExtra: (message) => scoreBreakdown(message.view, seatName),
    yourTurnText: (m) => (m.view.phase === "stake" ? t("dig.yourturn.stake") : t("dig.yourturn.dig")),
    waitText: (m, name) => t("table.waitfor", { name }),
  };
}
