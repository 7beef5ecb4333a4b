// Dig in words: actions, events, and the story of the game, one line per decision.
//
// Every action in Dig is public, but the server sends other seats' actions only for
// games without hidden information, so a line is read from two views in a row (the
// one before the decision and the one after): what the cart, the dice and the gems did
// says what was chosen. The same reading serves the live table and the replay.

import { formatList, formatNumber, formatPercent, t } from "../../../js/i18n.js";

export function actionText(action) {
  const [verb, arg] = String(action).split(":");
  if (verb === "stake") return Number(arg) ? t("dig.act.stake", { count: Number(arg), n: Number(arg) }) : t("dig.act.nostake");
  return verb === "dig" ? t("dig.act.dig") : t("dig.act.haul");
}

// The button's words for an action at the table.
export function buttonText(action) {
  const [verb, arg] = String(action).split(":");
  if (verb === "stake") return Number(arg) ? t("dig.button.stake", { count: Number(arg), n: Number(arg) }) : t("dig.button.nostake");
  return verb === "dig" ? t("dig.button.dig") : t("dig.button.haul");
}

export function eventName(id) {
  return t(`dig.event.${id}`);
}

// What the event changes, with the numbers from the game's rules (a view's or the
// server's defaults): no rule value is written in the front end.
export function eventText(id, rules) {
  return t(`dig.event.${id}.text`, rules || {});
}

// What a legal choice would do, from the server's preview of it (games/dig/text.py).
export function previewText(action, p) {
  if (!p) return null;
  if (action === "dig") {
    return t("dig.preview.dig", { risk: formatPercent(p.collapse_chance), ore: formatNumber(p.expected_ore, { maximumFractionDigits: 1 }) });
  }
  if (action === "haul") return t("dig.preview.haul", { ore: p.ore, gems: p.gems_back, count: p.gems_back });
  return t("dig.preview.stake", { risk: formatPercent(p.collapse_chance) });
}

// What decision `n` did, read from the view before it and the view after it: a dig
// leaves its roll in `last` stamped with the decision's number; a stake moves gems into
// the cart; anything else in the dig phase was a haul.
export function stepLine(before, after, n) {
  const s = before.cur;
  const line = { n, seat: s, round: before.round, event: before.event, kind: "haul" };
  const dug = after.last && after.last.step === n ? after.last : null;
  if (before.phase === "stake") {
    const stake = after.cur === s && after.phase === "dig" ? after.cart.stake : before.gems[s] - after.gems[s];
    Object.assign(line, { kind: "stake", stake });
  } else if (dug && dug.outcome === "collapse") {
    Object.assign(line, { kind: "collapse", roll: dug.roll, lost: { ore: dug.ore, gems: dug.gems, stake: dug.stake } });
  } else if (dug) {
    Object.assign(line, { kind: "dig", roll: dug.roll, ore: dug.ore, gems: dug.gems });
  } else {
    line.banked = { ore: before.cart.ore, gems: before.cart.gems + before.cart.stake };
  }
  if (after.scored && after.round !== before.round) line.scored = after.scored.gains;
  return line;
}

// The newest dig as a line, from the view alone (after a reload, or for a spectator
// who did not see it happen).
export function lastDigLine(view) {
  const dug = view.last;
  if (!dug) return null;
  const line = { n: dug.step, seat: dug.seat, round: view.round, event: dug.event, roll: dug.roll };
  if (dug.outcome === "collapse") return { ...line, kind: "collapse", lost: { ore: dug.ore, gems: dug.gems, stake: dug.stake } };
  return { ...line, kind: "dig", ore: dug.ore, gems: dug.gems };
}

// Every decision's line in a list of views (views[k] is the position after k decisions).
export function viewLines(views) {
  const out = [];
  for (let k = 1; k < views.length; k += 1) out.push(stepLine(views[k - 1], views[k], k - 1));
  return out;
}

function roll(line) {
  return t("dig.log.roll", { a: line.roll[0], b: line.roll[1], total: line.roll[0] + line.roll[1] });
}

// A line in words (without its player, who heads the turn).
export function lineText(line) {
  switch (line.kind) {
    case "stake":
      return line.stake ? t("dig.log.stake", { count: line.stake, n: line.stake }) : t("dig.log.nostake");
    case "dig":
      return `${roll(line)}: ${line.gems ? t("dig.log.foundgems", { ore: line.ore, gems: line.gems, count: line.gems }) : t("dig.log.found", { ore: line.ore })}`;
    case "collapse":
    {
      const gems = line.lost.gems + line.lost.stake;
      const lost = gems ? t("dig.log.collapse", { ore: line.lost.ore, gems, count: gems }) : t("dig.log.collapseore", { ore: line.lost.ore });
      return `${roll(line)}: ${lost}`;
    }
    default:
      if (line.banked.gems) return t("dig.log.haul", { ore: line.banked.ore, gems: line.banked.gems, count: line.banked.gems });
      return line.banked.ore ? t("dig.log.haulore", { ore: line.banked.ore }) : t("dig.log.haulempty");
  }
}

// Points each seat scored when a round ended, in words.
export function scoredText(scored, seatName) {
  const parts = scored.map((d, i) => t("dig.log.scoredone", { name: seatName(i), points: signed(d) }));
  return t("dig.log.scored", { list: formatList(parts) });
}

export function signed(n) {
  return n > 0 ? `+${formatNumber(n)}` : formatNumber(n);
}

// Lines into turns: one per player per round, headed by the round's number.
export function turnsOf(lines) {
  const turns = [];
  for (const line of lines) {
    const cur = turns[turns.length - 1];
    if (cur && cur.player === line.seat && cur.round === line.round) cur.lines.push(line);
    else turns.push({ player: line.seat, round: line.round, event: line.event, lines: [line] });
  }
  return turns;
}
