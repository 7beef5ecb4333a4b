// "How the bot thinks": what the bots see and guess, each level step by step,
// Medium's formula, Hard's decision flow, a comparison, advice and the
// fallback. Every number is read from /api/config at run time. What differs
// between games comes from each game's own strings, found by key (docs/web.md,
// "Game renderers": a game's key overrides the shared one).

import { getConfig } from "../api.js";
import { botPlays, LEVELS } from "../bots.js";
import { h, put } from "../dom.js";
import { formatNumber, formatPercent, has, t } from "../i18n.js";
import { pickGame, webGames } from "../renderers.js";

export async function render(main, { params }) {
  const config = await getConfig();
  const game = pickGame(config, params[0]).name;
  const n = numbers(config, game);
  const page = h("article.explain", { "data-game": game });
  put(page, 
    h("header.explain-head", null,
      h("h1", null, t("explain.title")),
      h("p.lead", null, t("explain.lead")),
      h("nav.tabs", { "aria-label": t("explain.pickgame") }, webGames(config).map(({ name: g }) =>
        h("a.tab", { href: `#/bots/${g}`, "aria-current": g === game ? "page" : null }, t(`game.${g}.title`))))),
    toc(),
    section("fair", t("explain.fair.title"), fairness(game)),
    section("levels", t("explain.levels.title"), levels(game, n, config)),
    section("hard-flow", t("explain.flow.title"), h("p", null, t("explain.flow.intro")), flowDiagram(n)),
    section("compare", t("explain.compare.title"), compareTable(game, n, config)),
    section("choose", t("explain.choose.title"), choose(game, config)),
    section("fallback", t("explain.fallback.title"), fallback(n)),
    section("numbers", t("explain.numbers.title"), numbersTable(n)),
  );
  put(main, page);
  return null;
}

// Every number the page shows, each with where it came from.
function numbers(config, game) {
  const bots = config.bots || {};
  const params = (code) => ({ ...((bots[code] || {}).defaults || {}), ...(((bots[code] || {}).per_game || {})[game] || {}) });
  const hard = params("hard");
  const medium = params("medium");
  const easy = params("easy");
  const budgets = config.budgets_ms || {};
  const timeout = config.timeout || {};
  const wait = (ms) => (typeof ms === "number" && typeof timeout.factor === "number" && typeof timeout.extra_s === "number"
    ? (ms / 1000) * timeout.factor + timeout.extra_s : null);
  const maxIter = (config.max_iterations || {}).hard;
  return {
    budget: { ...budgets },
    wait: { easy: wait(budgets.easy), medium: wait(budgets.medium), hard: wait(budgets.hard) },
    iterations: typeof maxIter === "number" ? Math.min(maxIter, hard.iterations ?? maxIter) : hard.iterations,
    topK: hard.top_k,
    c: hard.c,
    epsilon: hard.epsilon,
    alpha: medium.alpha ?? hard.alpha,
    beta: medium.beta ?? hard.beta,
    easyRate: easy.random_rate,
    minThink: config.min_think_ms,
    factor: timeout.factor,
    extra: timeout.extra_s,
    fallback: config.fallback_bot,
    easy,
    hard,
  };
}

// A number in the current language, or a visible gap when the server did not say.
function num(value, opts) {
  if (typeof value !== "number" || Number.isNaN(value)) return t("explain.unknown");
  return formatNumber(value, opts);
}

function ms(value) {
  return typeof value === "number" ? t("unit.ms", { n: num(value) }) : t("explain.unknown");
}

function seconds(value) {
  return typeof value === "number" ? t("unit.s", { n: num(value, { maximumFractionDigits: 1 }) }) : t("explain.unknown");
}

function pct(value) {
  return typeof value === "number" ? formatPercent(value) : t("explain.unknown");
}

function section(id, title, ...body) {
  return h("section.panel.explain-section", { id: `x-${id}`, "aria-labelledby": `x-${id}-h` },
    h("h2", { id: `x-${id}-h` }, title), ...body);
}

function toc() {
  const ids = ["fair", "levels", "hard-flow", "compare", "choose", "fallback", "numbers"];
  const keys = ["fair", "levels", "flow", "compare", "choose", "fallback", "numbers"];
  return h("nav.toc", { "aria-label": t("explain.toc") }, h("ol", null, ids.map((id, i) =>
    h("li", null, h("a", { href: `#/bots`, onclick: (e) => { e.preventDefault(); document.getElementById(`x-${id}`).scrollIntoView({ behavior: "smooth" }); } },
      t(`explain.${keys[i]}.title`))))));
}

function list(keys, vars = {}) {
  return h("ul", null, keys.map((k) => h("li", null, t(k, vars))));
}

// Keys `<base>1`, `<base>2`, ... as far as the catalogue has them.
function numbered(base) {
  const keys = [];
  for (let i = 1; has(`${base}${i}`); i += 1) keys.push(`${base}${i}`);
  return keys;
}

// The game's "what a bot sees" text; a game that hides something lists what is guessed.
function fairness(game) {
  const uses = numbered(`explain.fair.${game}.uses`);
  const guesses = numbered(`explain.fair.${game}.guess`);
  const how = `explain.fair.${game}.how`;
  if (!guesses.length) return [h("p", null, t(`explain.fair.${game}`)), list(uses)];
  return [
    h("p", null, t(`explain.fair.${game}`)),
    h("div.two-col", null,
      h("div", null, h("h3", null, t("explain.fair.uses")), list(uses)),
      h("div", null, h("h3", null, t("explain.fair.guesses")), list(guesses))),
    has(how) ? h("p.hint", null, t(how)) : null,
  ];
}

// Bots other than the levels that the server lists for this game only (Big Money, say).
function scriptedBots(game, config) {
  return Object.entries(config.bots || {}).filter(([code, info]) => !LEVELS.includes(code) && code !== "random"
    && Array.isArray(info.games) && botPlays(config, code, game) && has(`explain.${code}.one`)).map(([code]) => code);
}

// A game's own wording when its catalogue has one, else the shared key.
function own(key, game) {
  return has(`${key}.${game}`) ? `${key}.${game}` : key;
}

function level(code, summary, steps, extra = null) {
  return h("div.level", { "data-level": code },
    h("h3", null, t(`bot.${code}.name`)),
    h("p.summary", null, summary),
    h("ol.steps", null, steps.map((s) => h("li", null, s))),
    extra);
}

function levels(game, n, config) {
  // Every easy parameter, formatted, so a game's sentences can quote any of them.
  const easyVars = { ...Object.fromEntries(Object.entries(n.easy).map(([k, v]) => [k, num(v)])), rate: pct(n.easyRate) };
  const easy = has(`explain.easy.${game}.one`) ? `explain.easy.${game}.` : "explain.easy.";
  const out = [level("easy", t(`${easy}one`), [1, 2, 3, 4].map((i) => t(`${easy}s${i}`, easyVars)))];
  out.push(level("medium", t(`explain.medium.one.${game}`), [
    t("explain.medium.s1"),
    t(`explain.medium.s2.${game}`),
    t("explain.medium.s3"),
    t("explain.medium.s4"),
  ], formula(n, game)));
  // A game's own step, which may quote any of Hard's numbers for this game.
  const hardVars = Object.fromEntries(Object.entries(n.hard).map(([k, v]) => [k, num(v)]));
  const extra = (prefix) => (has(`${prefix}${game}`) ? [t(`${prefix}${game}`, hardVars)] : []);
  out.push(level("hard", t("explain.hard.one"), [
    ...extra("explain.hard.s0."),
    t("explain.hard.s1", { k: num(n.topK) }),
    t(own("explain.hard.s2", game)),
    t("explain.hard.s3", { epsilon: pct(n.epsilon) }),
    ...extra("explain.hard.s3."),
    t("explain.hard.s4", { c: num(n.c) }),
    ...extra("explain.hard.s4."),
    t("explain.hard.s5", { iterations: num(n.iterations), budget: ms(n.budget.hard) }),
    t("explain.hard.s6"),
  ]));
  for (const code of scriptedBots(game, config)) {
    out.push(level(code, t(`explain.${code}.one`), numbered(`explain.${code}.s`).map((k) => t(k))));
  }
  return h("div.levels", null, out);
}

function formula(n, game) {
  return h("figure.formula", null,
    h("div.math", { role: "math", "aria-label": t("explain.formula.aria", { alpha: num(n.alpha), beta: num(n.beta) }) },
      h("span", null, t("explain.formula.value")), " = ",
      h("span.term", null, "Δ", t("explain.formula.ours")), " − ",
      h("var", null, "α"), "·", h("span.term", null, "Δ", t("explain.formula.best")), " + ",
      h("var", null, "β"), "·", h("span.term", null, t("explain.formula.outlook"))),
    h("figcaption", null,
      h("span.const", { "data-test": "alpha" }, "α = ", num(n.alpha)), " · ",
      h("span.const", { "data-test": "beta" }, "β = ", num(n.beta)), " — ",
      t(`explain.formula.caption.${game}`)));
}

// Hard's decision flow as an SVG: view -> candidates -> loop(pick, guess, play out, score) -> answer.
function flowDiagram(n) {
  const W = 760;
  const box = (x, y, w, hgt, title, sub, cls = "") => h("g", { class: `flow-box ${cls}` },
    h("rect", { x, y, width: w, height: hgt, rx: 12 }),
    h("text.flow-title", { x: x + w / 2, y: y + (sub ? 26 : hgt / 2 + 5), "text-anchor": "middle" }, title),
    sub ? h("text.flow-sub", { x: x + w / 2, y: y + 46, "text-anchor": "middle" }, sub) : null);
  const arrow = (x1, y1, x2, y2) => h("line.flow-arrow", { x1, y1, x2, y2, "marker-end": "url(#arrowhead)" });
  const svg = h("svg.flow", { viewBox: `0 0 ${W} 560`, role: "img", "aria-labelledby": "flow-title flow-desc" },
    h("title", { id: "flow-title" }, t("explain.flow.title")),
    h("desc", { id: "flow-desc" }, t("explain.flow.desc", { k: num(n.topK), iterations: num(n.iterations), budget: ms(n.budget.hard) })),
    h("defs", null, h("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      h("path", { d: "M0,0 L10,5 L0,10 z" }))),
    box(230, 10, 300, 60, t("explain.flow.view"), t("explain.flow.view.sub")),
    arrow(380, 70, 380, 96),
    box(230, 98, 300, 60, t("explain.flow.cands"), t("explain.flow.cands.sub", { k: num(n.topK) })),
    arrow(380, 158, 380, 196),
    h("rect.flow-loop", { x: 40, y: 182, width: 680, height: 262, rx: 18 }),
    h("text.flow-loop-label", { x: 58, y: 206 }, t("explain.flow.loop", { iterations: num(n.iterations), budget: ms(n.budget.hard) })),
    box(70, 222, 280, 70, t("explain.flow.pick"), t("explain.flow.pick.sub", { c: num(n.c) })),
    arrow(350, 257, 406, 257),
    box(410, 222, 280, 70, t("explain.flow.guess"), t("explain.flow.guess.sub")),
    arrow(550, 292, 550, 330),
    box(410, 332, 280, 70, t("explain.flow.rollout"), t("explain.flow.rollout.sub", { epsilon: pct(n.epsilon) })),
    arrow(410, 367, 354, 367),
    box(70, 332, 280, 70, t("explain.flow.score"), t("explain.flow.score.sub")),
    h("path.flow-arrow", { d: "M210,332 L210,296", "marker-end": "url(#arrowhead)" }),
    arrow(380, 444, 380, 476),
    box(230, 478, 300, 66, t("explain.flow.answer"), t("explain.flow.answer.sub"), "final"),
  );
  return h("figure.flow-figure", null, svg, h("figcaption.hint", null, t("explain.flow.caption")));
}

function compareTable(game, n, config) {
  const rows = ["easy", "medium", "hard", ...scriptedBots(game, config)];
  const cols = ["lookahead", "opponents", "chance", "mistakes", "time"];
  const cell = (code, col) => {
    if (col === "time") {
      return code === "hard"
        ? t("explain.cmp.time.hard", { budget: ms(n.budget.hard), iterations: num(n.iterations) })
        : t("explain.cmp.time.other", { budget: ms(n.budget[code]) });
    }
    // A game's wording for this level, then for every level, then the shared one.
    const key = `explain.cmp.${col}.${code}`;
    if (has(`${key}.${game}`)) return t(`${key}.${game}`);
    if (has(`explain.cmp.${col}.${game}`)) return t(`explain.cmp.${col}.${game}`);
    return t(key, { rate: pct(n.easyRate) });
  };
  return h("div.table-scroll", null, h("table.compare", null,
    h("thead", null, h("tr", null, h("th", { scope: "col" }, t("explain.cmp.level")), cols.map((c) => h("th", { scope: "col" }, t(`explain.cmp.${c}`))))),
    h("tbody", null, rows.map((code) => h("tr", null, h("th", { scope: "row" }, t(`bot.${code}.name`)), cols.map((c) => h("td", null, cell(code, c))))))));
}

function choose(game, config) {
  return h("div", null,
    h("dl.advice", null, ["easy", "medium", "hard"].map((code) => [
      h("dt", null, t(`bot.${code}.name`)), h("dd", null, t(`explain.choose.${code}`))])),
    scriptedBots(game, config).filter((code) => has(`explain.choose.${code}`)).map((code) => h("p", null, t(`explain.choose.${code}`))),
    h("p.hint", null, t("explain.choose.random")));
}

function fallback(n) {
  return h("div", null,
    h("p", null, t("explain.fallback.p1", { budget: ms(n.budget.hard), other: ms(n.budget.medium) })),
    h("p", null, t("explain.fallback.p2", { factor: num(n.factor), extra: seconds(n.extra), hard: seconds(n.wait.hard), other: seconds(n.wait.medium) })),
    h("p", null, t("explain.fallback.p3", { bot: n.fallback ? t(`bot.${n.fallback}.name`) : t("explain.unknown") })),
    h("p", null, t("explain.fallback.p4")),
    h("p", { "data-test": "explain-device" }, t("explain.fallback.device")),
    h("p", null, t("explain.fallback.p5", { think: seconds(typeof n.minThink === "number" ? n.minThink / 1000 : null) })));
}

function numbersTable(n) {
  const rows = [
    ["explain.num.budget.hard", ms(n.budget.hard), "explain.src.server"],
    ["explain.num.budget.medium", ms(n.budget.medium), "explain.src.server"],
    ["explain.num.budget.easy", ms(n.budget.easy), "explain.src.server"],
    ["explain.num.wait", seconds(n.wait.hard), "explain.src.server"],
    ["explain.num.think", ms(n.minThink), "explain.src.server"],
    ["explain.num.iterations", num(n.iterations), "explain.src.bot"],
    ["explain.num.topk", num(n.topK), "explain.src.bot"],
    ["explain.num.c", num(n.c), "explain.src.bot"],
    ["explain.num.epsilon", num(n.epsilon), "explain.src.bot"],
    ["explain.num.alpha", num(n.alpha), "explain.src.bot"],
    ["explain.num.beta", num(n.beta), "explain.src.bot"],
    ["explain.num.easyrate", num(n.easyRate), "explain.src.bot"],
  ];
  return [h("p", null, t("explain.numbers.intro")),
    h("table.numbers", { "data-test": "numbers" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("explain.num.what")), h("th.num", { scope: "col" }, t("explain.num.value")), h("th", { scope: "col" }, t("explain.num.source")))),
      h("tbody", null, rows.map(([k, v, s]) => h("tr", null, h("th", { scope: "row" }, t(k)), h("td.num", null, v), h("td.small", null, t(s))))))];
}
