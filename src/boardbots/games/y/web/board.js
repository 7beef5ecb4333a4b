// The Game of Y board: geometry, an SVG triangle of hexagons, stones from the
// view's bitboards (BigInt: cell (r, c) is bit r*n + c), hover preview,
// keyboard play, last move and the winning chain.

import { h, clear, put } from "../../../js/dom.js";
import { t } from "../../../js/i18n.js";

// Board sizes the engine accepts, as the server states them
// (/api/config games[].option_ranges.size, from games/y/rules.py). When the
// server does not say, only the default size is offered.
export function sizeRange(info) {
  const r = info && info.option_ranges && info.option_ranges.size;
  if (r && typeof r.min === "number" && typeof r.max === "number") return { min: r.min, max: r.max };
  const size = info && info.default_options ? info.default_options.size : null;
  return typeof size === "number" ? { min: size, max: size } : null;
}

const W = Math.sqrt(3); // hexagon width for a corner radius of 1
const ROW = 1.5;

export function cellName(n, i) {
  const r = Math.floor(i / n);
  return `${String.fromCharCode(97 + r)}${(i % n) + 1}`;
}

export function cells(n) {
  const out = [];
  for (let r = 0; r < n; r += 1) for (let c = 0; c <= r; c += 1) out.push({ r, c, i: r * n + c });
  return out;
}

function centre(r, c) {
  return [(c - r / 2) * W, r * ROW];
}

function hexPoints(x, y, k = 0.97) {
  const pts = [];
  for (let a = 0; a < 6; a += 1) {
    const ang = (Math.PI / 180) * (60 * a - 90);
    pts.push(`${(x + k * Math.cos(ang)).toFixed(3)},${(y + k * Math.sin(ang)).toFixed(3)}`);
  }
  return pts.join(" ");
}

// Owner of every cell: 0, 1 or null.
export function owners(n, stones) {
  const [a, b] = stones.map((s) => BigInt(s));
  const out = new Map();
  for (const { i } of cells(n)) {
    const bit = 1n << BigInt(i);
    out.set(i, a & bit ? 0 : b & bit ? 1 : null);
  }
  return out;
}

function neighbours(n, i) {
  const r = Math.floor(i / n);
  const c = i % n;
  const list = [[r, c - 1], [r, c + 1], [r - 1, c - 1], [r - 1, c], [r + 1, c], [r + 1, c + 1]];
  return list.filter(([rr, cc]) => rr >= 0 && rr < n && cc >= 0 && cc <= rr).map(([rr, cc]) => rr * n + cc);
}

// The winner's group through the last stone: the chain that touches all three sides.
export function winningChain(n, own, winner, last) {
  if (winner === null || winner === undefined || last === null || last === undefined) return new Set();
  if (own.get(last) !== winner) return new Set();
  const seen = new Set([last]);
  const todo = [last];
  while (todo.length) {
    for (const j of neighbours(n, todo.pop())) {
      if (!seen.has(j) && own.get(j) === winner) {
        seen.add(j);
        todo.push(j);
      }
    }
  }
  return seen;
}

export function stoneName(p) {
  return t(p === 0 ? "y.stone.dark" : "y.stone.light");
}

// A board that updates in place. opts: onPick(i), onHover(i|null), interactive.
export function createBoard(n, opts = {}) {
  // The frame is the cells' triangle pushed out by D on every side; each side of
  // it is drawn in its own colour, with the row letters outside the left one.
  const D = 1.25;
  const [bx, by] = centre(n - 1, 0);
  const [cx, cy] = centre(n - 1, n - 1);
  const apex = [0, -2 * D];
  const left = [bx - Math.sqrt(3) * D, by + D];
  const right = [cx + Math.sqrt(3) * D, cy + D];
  const padX = 2.6;
  const minX = left[0] - padX + 1.2;
  const width = right[0] - left[0] + 2 * padX - 2.0;
  const top = apex[1] - 0.4;
  const height = left[1] + 0.4 - top;
  const svg = h("svg.yboard", {
    viewBox: [minX, top, width, height].map((v) => v.toFixed(2)).join(" "),
    role: "group",
    "aria-label": t("y.board.label", { size: n }),
    style: `max-width:${Math.max(480, n * 80)}px`,
  });
  const pt = (p) => `${p[0].toFixed(3)},${p[1].toFixed(3)}`;
  const part = (a, b, from, to) => [a[0] + (b[0] - a[0]) * from, a[1] + (b[1] - a[1]) * from, a[0] + (b[0] - a[0]) * to, a[1] + (b[1] - a[1]) * to];
  const side = (cls, a, b) => {
    const [x1, y1, x2, y2] = part(a, b, 0.04, 0.96);
    return h(`line.yside.${cls}`, { x1: x1.toFixed(3), y1: y1.toFixed(3), x2: x2.toFixed(3), y2: y2.toFixed(3) });
  };
  put(svg,
    h("polygon.yframe", { points: `${pt(apex)} ${pt(left)} ${pt(right)}` }),
    side("side-left", apex, left),
    side("side-bottom", left, right),
    side("side-right", right, apex),
  );
  const labels = h("g.ylabels", { "aria-hidden": "true" });
  for (let r = 0; r < n; r += 1) {
    const [x, y] = centre(r, 0);
    put(labels, h("text", { x: (x - 2.1).toFixed(2), "text-anchor": "middle", y: (y + 0.25).toFixed(2) }, String.fromCharCode(97 + r)));
  }
  put(svg, labels);
  const cellLayer = h("g.ycells");
  const stoneLayer = h("g.ystones", { "aria-hidden": "true" });
  const ghost = h("circle.yghost", { r: 0.72, cx: 0, cy: 0, visibility: "hidden" });
  put(svg, cellLayer, stoneLayer, ghost);
  const byIndex = new Map();
  let focusIndex = 0;
  let current = { own: new Map(), legal: new Set(), mover: 0 };

  for (const { r, c, i } of cells(n)) {
    const [x, y] = centre(r, c);
    const poly = h("polygon.ycell", {
      points: hexPoints(x, y),
      role: "button",
      tabindex: i === 0 ? 0 : -1,
      "data-cell": i,
      "data-name": cellName(n, i),
    });
    poly.addEventListener("click", () => pick(i));
    poly.addEventListener("pointerenter", () => hover(i));
    poly.addEventListener("pointerleave", () => hover(null));
    poly.addEventListener("focus", () => { focusIndex = i; hover(i); });
    poly.addEventListener("blur", () => hover(null));
    poly.addEventListener("keydown", (ev) => keyMove(ev, r, c, i));
    put(cellLayer, poly);
    byIndex.set(i, { poly, x, y });
  }

  function pick(i) {
    if (current.legal.has(i) && opts.onPick) opts.onPick(i);
    else if (opts.onIllegal) opts.onIllegal(i, byIndex.get(i).poly);
  }

  function hover(i) {
    const cell = i === null ? null : byIndex.get(i);
    if (cell && current.legal.has(i)) {
      ghost.setAttribute("cx", cell.x);
      ghost.setAttribute("cy", cell.y);
      ghost.setAttribute("class", `yghost p${current.mover}`);
      ghost.setAttribute("visibility", "visible");
    } else {
      ghost.setAttribute("visibility", "hidden");
    }
    if (opts.onHover) opts.onHover(cell && current.legal.has(i) ? i : null);
  }

  function keyMove(ev, r, c, i) {
    let to = null;
    if (ev.key === "ArrowLeft" && c > 0) to = [r, c - 1];
    else if (ev.key === "ArrowRight" && c < r) to = [r, c + 1];
    else if (ev.key === "ArrowUp" && r > 0) to = [r - 1, Math.min(c, r - 1)];
    else if (ev.key === "ArrowDown" && r < n - 1) to = [r + 1, c];
    else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      pick(i);
      return;
    }
    if (!to) return;
    ev.preventDefault();
    const j = to[0] * n + to[1];
    const prev = byIndex.get(i).poly;
    const next = byIndex.get(j).poly;
    prev.setAttribute("tabindex", -1);
    next.setAttribute("tabindex", 0);
    next.focus();
  }

  // view: {stones, last, winner, to_move}; legal: Set of playable cells; fresh: animate the last stone.
  function update(view, legal = new Set(), fresh = false) {
    const own = owners(n, view.stones);
    const chain = winningChain(n, own, view.winner, view.last);
    current = { own, legal, mover: view.to_move };
    clear(stoneLayer);
    for (const [i, cell] of byIndex) {
      const p = own.get(i);
      const playable = legal.has(i);
      cell.poly.classList.toggle("playable", playable);
      cell.poly.setAttribute("aria-disabled", String(!playable));
      const state = p === null ? t("y.cell.empty") : stoneName(p);
      const extra = i === view.last ? ` ${t("y.cell.last")}` : "";
      const inChain = chain.has(i) ? ` ${t("y.cell.chain")}` : "";
      cell.poly.setAttribute("aria-label", `${cellName(n, i)}: ${state}${extra}${inChain}`);
      if (p === null) continue;
      const cls = ["stone", `p${p}`];
      if (chain.has(i)) cls.push("chain");
      if (i === view.last) cls.push("last");
      if (i === view.last && fresh) cls.push("fresh");
      const g = h("g", { class: cls.join(" "), "data-stone": i, transform: `translate(${cell.x.toFixed(3)} ${cell.y.toFixed(3)})` },
        h("g.pop", null,
          chain.has(i) ? h("circle.chain-ring", { r: 0.88 }) : null,
          h("circle.stone-body", { r: 0.74 }),
          p === 1 ? h("circle.stone-ring", { r: 0.46 }) : null,
          i === view.last ? h("circle.last-mark", { r: 0.2 }) : null));
      put(stoneLayer, g);
    }
    svg.classList.toggle("my-turn", legal.size > 0);
    if (!legal.has(focusIndex)) hover(null);
  }

  return { svg, update };
}

// A small decorative board for the home page.
export function boardArt() {
  const board = createBoard(5);
  let a = 0n;
  let b = 0n;
  for (const i of [0, 6, 11, 16, 22]) a |= 1n << BigInt(i);
  for (const i of [5, 10, 12, 20, 15]) b |= 1n << BigInt(i);
  board.update({ stones: [a, b], last: 12, winner: null, to_move: 0 });
  board.svg.setAttribute("aria-hidden", "true");
  board.svg.removeAttribute("role");
  board.svg.removeAttribute("aria-label");
  // A picture only: no cell may be a button or a Tab stop.
  for (const poly of board.svg.querySelectorAll(".ycell")) {
    for (const attr of ["tabindex", "role", "aria-label", "aria-disabled"]) poly.removeAttribute(attr);
  }
  return board.svg;
}
