// Domination at a table: supply, turn bar, prompt, cards in play, your hand,
// your piles, the trash and the log. Only legal actions are clickable; hovering
// or focusing a card shows what it does and what choosing it now would do.

import { clear, h, put } from "../../../js/dom.js";
import { formatList, formatNumber, t } from "../../../js/i18n.js";
import { cardFace, cardLines, cardName, cardSpec, fitNames, mainType, typeLine } from "./cards.js";
import { domButtonText, domPrompt, domWait, logLine, previewChips, splitAction } from "./text.js";
import { domTurns, storyList, tableStory } from "../../../js/games/story.js";
import { vpBreakdown } from "./vpbreakdown.js";
import { MOTION } from "../../../js/games/motion.js";
import { pilesPanel, trashPanel } from "./piles.js";
import { focusKey, restoreFocus } from "../../../js/games/focus.js";
import { illegalHint } from "../../../js/hint.js";

const HAND_VERBS = { action: ["play"], buy: ["play"], play: ["play"], react: ["react"] };
const TYPE_ORDER = { action: 0, attack: 0, reaction: 0, treasure: 1, victory: 2, curse: 3 };

function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const ta = TYPE_ORDER[mainType(a)] ?? 4;
    const tb = TYPE_ORDER[mainType(b)] ?? 4;
    if (ta !== tb) return ta - tb;
    const ca = cardSpec(a) ? cardSpec(a).cost : 0;
    const cb = cardSpec(b) ? cardSpec(b).cost : 0;
    return cb - ca || a.localeCompare(b);
  });
}

export function logCap(view) {
  return (view.options && view.options.log_length) || 40;
}

function counts(list) {
  const m = new Map();
  for (const c of list || []) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

// A panel that scrolls must take focus, or a keyboard cannot scroll it.
function reachableScrollers(root) {
  for (const box of root.querySelectorAll(".dom-log")) box.tabIndex = 0;
}

export function createDominationTable({ act, seatName }) {
  let msg = null;
  let ctx = null;
  let prev = { hand: new Map(), play: new Map(), supply: {}, piles: {} };
  let story = null;
  const el = h("div.domgame");
  const parts = {
    supply: h("section.dom-supply", { "data-zone": "supply" }),
    turn: h("div.dom-turnbar"),
    prompt: h("section.dom-prompt", { "aria-live": "polite", "data-test": "prompt", tabindex: -1 }),
    play: h("section.dom-play", { "data-zone": "play" }),
    hand: h("section.dom-hand", { "data-zone": "hand" }),
    side: h("aside.dom-side"),
  };
  const detail = h("div.dom-detail", { "aria-live": "polite" });
  put(el, parts.turn, parts.prompt, parts.hand, parts.play, parts.supply, parts.side);

  function legal() {
    return msg && msg.your_turn ? msg.legal : [];
  }

  function find(verbs, name) {
    return legal().find((e) => {
      const [verb, card] = splitAction(e.action);
      return card === name && verbs.includes(verb);
    });
  }

  function showDetail(name, entry) {
    clear(detail);
    if (!name) {
      put(detail, h("p.muted", null, t("dom.detail.hint")));
      return;
    }
    const chips = entry ? previewChips(entry.preview, msg.view) : [];
    put(detail, 
      h("h3", null, cardName(name)),
      h("p.muted", null, [cardSpec(name) ? t("card.costlabel", { cost: cardSpec(name).cost }) : "", typeLine(name)].filter(Boolean).join(" · ")),
      h("ul.card-lines", null, cardLines(name).map((l) => h("li", null, l))),
      entry ? h("p.preview-line", { "data-test": "preview" }, h("strong", null, domButtonTextFor(entry)), " ", chips.join(" · ")) : null,
    );
  }

  function domButtonTextFor(entry) {
    return domButtonText(entry, msg.view.pending || {});
  }

  function clickable(face, name, entry) {
    if (!entry) {
      face.setAttribute("aria-disabled", "true");
      face.addEventListener("click", () => {
        const why = whyNot(name, face);
        if (why) illegalHint(face, why);
      });
      face.addEventListener("pointerenter", () => showDetail(name, null));
      face.addEventListener("focus", () => showDetail(name, null));
      return face;
    }
    face.classList.add("playable");
    // The action is read first, then the face as shown (an aria-label would hide the
    // visible words from speech input).
    face.prepend(h("span.sr-only", null, `${domButtonTextFor(entry)}: `));
    face.addEventListener("click", () => act(entry.action));
    face.addEventListener("pointerenter", () => showDetail(name, entry));
    face.addEventListener("focus", () => showDetail(name, entry));
    return face;
  }

  // Why a card that is not a legal choice cannot be clicked, in a few words.
  function whyNot(name, face) {
    if (!msg || msg.status !== "playing") return null;
    if (!msg.your_turn) return t("table.illegal.wait");
    const v = msg.view;
    const card = cardName(name);
    const spec = cardSpec(name);
    if (face.closest("[data-zone=supply]")) {
      if (v.supply[name] === 0) return t("dom.illegal.empty", { card });
      if (v.pending && v.pending.kind === "buy" && spec && spec.cost > v.coins) {
        return t("dom.illegal.cost", { card, cost: spec.cost, coins: v.coins, count: v.coins });
      }
    }
    return t("dom.illegal.card", { card });
  }

  function drawSupply() {
    const view = msg.view;
    const supply = view.supply;
    const names = Object.keys(supply);
    const kingdom = new Set(view.kingdom);
    const basic = names.filter((n) => !kingdom.has(n));
    const pile = (name) => {
      const entry = find(["buy", "gain"], name);
      const count = supply[name];
      const changed = ctx.fresh && prev.supply[name] !== undefined && prev.supply[name] !== count;
      const face = cardFace(name, {
        tag: entry ? "button" : "div",
        small: true,
        count,
        attrs: { type: entry ? "button" : null, tabindex: entry ? null : 0, class: `${count === 0 ? "empty" : ""} ${changed ? MOTION.take : ""}` },
      });
      return clickable(face, name, entry);
    };
    put(clear(parts.supply), 
      h("h2.small-title", null, t("dom.supply"), " ", h("span.muted", null, t("dom.supply.hint"))),
      h("div.supply-grid", null, basic.map(pile), view.kingdom.map(pile)),
    );
    prev.supply = { ...supply };
  }

  function drawTurn() {
    const v = msg.view;
    const who = seatName(v.cur);
    const over = v.phase === "over";
    put(clear(parts.turn), 
      h("span.turn-who", null, over ? t("dom.gameover") : t("dom.turnof", { name: who, turn: Math.floor(v.turn / v.n) + 1 })),
      over ? null : h("span.phase", null, t(`dom.phase.${v.phase}`)),
      over ? null : h("span.counter", { "data-test": "actions" }, t("dom.actions", { n: v.actions })),
      over ? null : h("span.counter", { "data-test": "buys" }, t("dom.buys", { n: v.buys })),
      over ? null : h("span.counter.coins", { "data-test": "coins" }, t("dom.coins", { n: v.coins })),
    );
  }

  function drawPrompt() {
    const v = msg.view;
    const pend = v.pending;
    clear(parts.prompt);
    if (!pend || msg.status !== "playing") return;
    if (!msg.your_turn) {
      parts.prompt.classList.remove("mine");
      put(parts.prompt, h("p", null, domWait(pend, v, seatName(pend.player))));
      return;
    }
    parts.prompt.classList.add("mine");
    put(parts.prompt, h("p.prompt-text", { "data-kind": pend.kind }, domPrompt(pend, v, seatName)));
    const buttons = [];
    const used = usedActions(pend);
    for (const entry of legal()) {
      if (used.has(entry.action)) continue;
      const [verb] = splitAction(entry.action);
      const primary = verb === "treasures" || (verb === "end" && pend.kind === "buy" && !legal().some((e) => String(e.action).startsWith("buy:")));
      buttons.push(h(`button${primary ? ".primary" : ""}`, {
        type: "button", "data-action": String(entry.action),
        onclick: () => act(entry.action),
        onpointerenter: () => showPreviewFor(entry), onfocus: () => showPreviewFor(entry),
      }, domButtonText(entry, pend)));
    }
    put(parts.prompt, h("div.prompt-buttons", null, buttons));
    put(parts.prompt, zonePicker(pend));
  }

  function showPreviewFor(entry) {
    const [, name] = splitAction(entry.action);
    if (name && cardSpec(name)) showDetail(name, entry);
    else {
      put(clear(detail), h("p.preview-line", { "data-test": "preview" }, h("strong", null, domButtonTextFor(entry)), " ", previewChips(entry.preview, msg.view).join(" · ")));
    }
  }

  // Actions that a card on screen already offers (so they get no extra button).
  function usedActions(pend) {
    const used = new Set();
    const mine = msg.view.players[ctx.you] || {};
    for (const entry of legal()) {
      const [verb, name] = splitAction(entry.action);
      if (!name) continue;
      if ((verb === "buy" || verb === "gain") && name in msg.view.supply) used.add(entry.action);
      const zone = zoneOf(pend);
      if (zone && (mine[zone] || []).includes(name) && verbsFor(pend).includes(verb)) used.add(entry.action);
    }
    return used;
  }

  function zoneOf(pend) {
    if (HAND_VERBS[pend.kind]) return "hand";
    if (pend.kind === "sentry") return "look";
    return pend.zone || null;
  }

  function verbsFor(pend) {
    if (HAND_VERBS[pend.kind]) return HAND_VERBS[pend.kind];
    if (pend.kind === "sentry") return ["trash", "discard"];
    return [pend.kind];
  }

  // Cards outside the hand that the decision is about (discard pile, revealed, looked at).
  function zonePicker(pend) {
    const zone = zoneOf(pend);
    if (!zone || zone === "hand") return null;
    const mine = msg.view.players[ctx.you] || {};
    const cards = sortCards(mine[zone] || []);
    const verbs = verbsFor(pend);
    return h("div.zone-pick", { "data-zone": `pick-${zone}` },
      h("h3.small-title", null, t(`dom.zone.${zone}`)),
      h("div.cardrow", null, cards.map((name) => {
        const entries = verbs.map((verb) => find([verb], name)).filter(Boolean);
        if (entries.length > 1) {
          return cardFace(name, { small: true, extra: h("span.card-buttons", null, entries.map((entry) =>
            h("button.small", { type: "button", "data-action": String(entry.action), onclick: () => act(entry.action),
              onfocus: () => showDetail(name, entry), onpointerenter: () => showDetail(name, entry) },
              t(`dom.verb.${splitAction(entry.action)[0]}`)))) });
        }
        const entry = entries[0];
        return clickable(cardFace(name, { small: true, tag: entry ? "button" : "div", attrs: { type: entry ? "button" : null } }), name, entry);
      })));
  }

  function drawRow(box, title, cards, key, verbs, testId, motion) {
    const now = counts(cards);
    const before = prev[key];
    const seen = new Map();
    const row = h("div.cardrow", { "data-test": testId, style: `--n:${cards.length}` });
    for (const name of cards) {
      const k = (seen.get(name) || 0) + 1;
      seen.set(name, k);
      const isNew = ctx.fresh && k > (before.get(name) || 0);
      const entry = verbs ? find(verbs, name) : null;
      const face = cardFace(name, { tag: entry ? "button" : "div", attrs: { type: entry ? "button" : null, tabindex: entry ? null : 0, class: isNew ? motion : "" } });
      put(row, clickable(face, name, entry));
    }
    prev[key] = now;
    put(clear(box), h("h2.small-title", null, title, " ", h("span.muted", null, `(${formatNumber(cards.length)})`)),
      cards.length ? row : h("p.muted.empty-row", null, t("dom.none")));
  }

  function drawSide() {
    const v = msg.view;
    const mine = v.players[ctx.you];
    let lines = ctx.story; // a replay passes the story up to its step
    if (!lines) {
      if (!story || story.id !== ctx.table.id) story = { id: ctx.table.id, ...tableStory(ctx.table.id) };
      lines = story.update(v.log || [], logCap(v));
    }
    const logList = lines.length
      ? storyList(domTurns(lines), { label: t("dom.log"), test: "log", line: (entry) => logLine(entry, seatName),
        heading: (turn) => (turn.player === ctx.you ? t("story.yourturn") : t("story.turn", { name: seatName(turn.player) })) })
      : h("p.muted.small", null, t("dom.none"));
    // Follow the newest line unless the reader has scrolled back into the story.
    const old = parts.side.querySelector("[data-test=log]");
    const follow = !old || old.scrollTop + old.clientHeight >= old.scrollHeight - 8;
    const kept = old ? old.scrollTop : 0;
    put(clear(parts.side), 
      h("section.panel.tight", null, h("h2.small-title", null, t("dom.detail")), detail),
      mine && mine.hand ? pilesPanel(mine, prev.piles, ctx.fresh) : null,
      revealed(v),
      trashPanel(v.trash, prev.piles, ctx.fresh),
      h("section.panel.tight", null, h("h2.small-title", null, t("dom.log")), logList),
    );
    logList.scrollTop = follow ? logList.scrollHeight : kept;
  }

  function revealed(v) {
    const rows = v.players.map((p, i) => (p.shown && p.shown.length ? h("p.small", null, seatName(i), ": ", formatList(p.shown.map(cardName))) : null)).filter(Boolean);
    return rows.length ? h("section.panel.tight", null, h("h2.small-title", null, t("dom.revealed")), rows) : null;
  }

  function draw() {
    const v = msg.view;
    const pend = v.pending || {};
    drawTurn();
    drawPrompt();
    const mine = v.players[ctx.you];
    const handVerbs = msg.your_turn ? (zoneOf(pend) === "hand" ? verbsFor(pend) : []) : [];
    if (mine && mine.hand) drawRow(parts.hand, t("dom.hand"), sortCards(mine.hand), "hand", handVerbs, "hand", MOTION.draw);
    else clear(parts.hand);
    const playTitle = ctx.you === v.cur ? t("dom.inplay.yours") : t("dom.inplay", { name: seatName(v.cur) });
    drawRow(parts.play, playTitle, v.play, "play", null, "inplay", MOTION.play);
    drawSupply();
    drawSide();
    showDetail(null);
    el.classList.toggle("my-turn", Boolean(msg.your_turn));
    fitNames(el);
    reachableScrollers(el);
  }

  return {
    element: () => el,
    relabel() {},
    update(message, context) {
      const had = el.contains(document.activeElement) ? focusKey(document.activeElement) : null;
      msg = message;
      ctx = context;
      draw();
      // Focus left parked on the prompt while others played moves on to the new choices.
      const lost = !el.contains(document.activeElement) || document.activeElement === parts.prompt;
      if (had && lost) restoreFocus(el, had, parts.prompt);
    },
    // The end of the game: where each player's VP came from.
    resultExtra: (message) => vpBreakdown(message.view, seatName),
    seatInfo(message, seat) {
      if (!message) return null;
      const p = message.view.players[seat];
      if (!p) return null;
      return h("span.seat-piles", null, t("dom.seatpiles", { hand: p.hand_size, deck: p.deck_size, discard: p.discard_size }));
    },
    yourTurnText: () => t("table.yourturn"),
    waitText: (m, name) => domWait(m.view.pending, m.view, name),
  };
}
