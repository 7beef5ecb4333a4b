// The game's story as charts: each player's score over the turns and, where the
// game has one, each deck's make-up over the turns, drawn as inline SVG. The data
// is the server's timeline (server/timeline.py): one point per turn, taken from
// spectator views, so it holds nothing any seat could not see. A replay passes
// `upto` to draw the points up to its current step only. Nothing here names a game:
// the score's kind and the deck's parts come with the timeline, their words
// (chart.score.<kind>, chart.x.<kind>, chart.part.<part>) from the game's strings and
// the parts' colours (.part-<part>) from the game's styles.

import { h } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

const W = 320; // viewBox size; the SVG scales to its box
const H = 150;
const PAD = { left: 30, right: 8, top: 8, bottom: 22 };

// The section with every chart the timeline has, or null when there is none.
export function storyCharts(timeline, { seatName, upto = Infinity }) {
  if (!timeline || !Array.isArray(timeline.points)) return null;
  const points = timeline.points.filter((p) => p.n <= upto);
  if (!points.length) return null;
  const seats = points[0].scores.length;
  const names = Array.from({ length: seats }, (_, i) => seatName(i));
  const hasDecks = timeline.parts && timeline.parts.length && points[0].decks;
  return h("section.story-charts", { "data-test": "story-charts", "data-points": points.length },
    scoreChart(timeline.score, points, names),
    hasDecks ? deckCharts(timeline.score, timeline.parts, points, names) : null);
}

function scale(points, top) {
  const span = Math.max(1, points.length - 1);
  const x = (i) => PAD.left + ((W - PAD.left - PAD.right) * i) / span;
  const y = (v) => H - PAD.bottom - ((H - PAD.top - PAD.bottom) * v) / Math.max(1, top);
  return { x, y };
}

// A line per seat; a score that cannot be reached any more (null) breaks the line.
function scoreChart(kind, points, names) {
  const top = Math.max(1, ...points.flatMap((p) => p.scores.filter((v) => v !== null)));
  const { x, y } = scale(points, top);
  const lines = names.map((_, s) => {
    const runs = [[]];
    points.forEach((p, i) => {
      const v = p.scores[s];
      if (v === null || v === undefined) runs.push([]);
      else runs[runs.length - 1].push([x(i), y(v)]);
    });
    return h("g", { class: `series s${s}`, "data-seat": s },
      runs.filter((r) => r.length).map((r) => h("polyline", { points: r.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ") })),
      points.map((p, i) => (p.scores[s] === null || p.scores[s] === undefined ? null
        : h("circle.pt", { cx: x(i).toFixed(1), cy: y(p.scores[s]).toFixed(1), r: 2.2, "data-turn": p.turn }))));
  });
  const summary = names.map((name, s) => t("chart.summary", { name, first: num(kind, points[0].scores[s]), last: num(kind, points.at(-1).scores[s]) })).join("; ");
  const title = t(`chart.score.${kind}`);
  return h("figure.chart.score-chart", { "data-test": "score-chart", "data-points": points.length },
    h("figcaption.small-title", null, title),
    h("svg.chart-svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${title}. ${summary}` },
      axes(kind, points, top, y), lines),
    legend(names.map((name, s) => [`s${s}`, name])));
}

// A score no longer reachable (null) in the game's words: only a game whose score can
// run out (Y's "cannot connect") needs its chart.none.<kind> string.
function num(kind, v) {
  return v === null || v === undefined ? t(`chart.none.${kind}`) : formatNumber(v);
}

// The value axis (0 and the top) and the first and last turn (or move) under the chart.
function axes(kind, points, top, y) {
  const bottom = H - PAD.bottom;
  return h("g.axes", { "aria-hidden": "true" },
    h("line", { x1: PAD.left, y1: bottom, x2: W - PAD.right, y2: bottom }),
    h("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: bottom }),
    h("text", { x: PAD.left - 4, y: y(0) + 3, "text-anchor": "end" }, formatNumber(0)),
    h("text", { x: PAD.left - 4, y: y(top) + 3, "text-anchor": "end" }, formatNumber(top)),
    h("text", { x: PAD.left, y: H - 6 }, when(kind, points[0].turn)),
    h("text", { x: W - PAD.right, y: H - 6, "text-anchor": "end" }, when(kind, points.at(-1).turn)));
}

// A point stands after `turn` turns (moves) have been played, so the end of a finished
// game reads "after turn 30", not a turn 31 that was never played.
function when(kind, turn) {
  return turn === 0 ? t("chart.start") : t(`chart.x.${kind}`, { n: turn });
}

function legend(entries) {
  return h("ul.chart-legend", null, entries.map(([cls, label]) =>
    h("li", null, h("span.key", { class: cls, "aria-hidden": "true" }), label)));
}

// One small chart per seat: a stacked column per point, a band per part.
function deckCharts(kind, parts, points, names) {
  const top = Math.max(1, ...points.flatMap((p) => p.decks.map((d) => parts.reduce((a, k) => a + (d[k] || 0), 0))));
  const { y } = scale(points, top);
  const step = (W - PAD.left - PAD.right) / Math.max(1, points.length);
  const x = (i) => PAD.left + step * (i + 0.5);
  const width = Math.max(1, Math.min(14, step * 0.8));
  const charts = names.map((name, s) => {
    const cols = points.map((p, i) => {
      let base = 0;
      return h("g.col", { "data-turn": p.turn }, parts.map((part) => {
        const count = p.decks[s][part] || 0;
        const rect = count ? h("rect", { class: `part-${part}`, x: (x(i) - width / 2).toFixed(1), width: width.toFixed(1),
          y: y(base + count).toFixed(1), height: (y(base) - y(base + count)).toFixed(1) }) : null;
        base += count;
        return rect;
      }));
    });
    const last = points.at(-1).decks[s];
    const label = t("chart.deck.seat", { name, parts: parts.map((part) => t("chart.part.count", { part: t(`chart.part.${part}`), count: last[part] || 0 })).join(", ") });
    return h("figure.chart.deck-chart", { "data-test": "deck-chart", "data-seat": s, "data-points": points.length },
      h("figcaption", null, name),
      h("svg.chart-svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label }, axes(kind, points, top, y), cols));
  });
  return h("div.deck-charts", null, h("h3.small-title", null, t("chart.deck.title")),
    legend(parts.map((part) => [`part-${part}`, t(`chart.part.${part}`)])),
    h("div.deck-grid", null, charts));
}
