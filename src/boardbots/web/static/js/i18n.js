// Every string the player reads comes from i18n/<lang>.json, merged with each
// game's own strings (its web/i18n/<lang>.json, see renderers.js), through t().
// Values are strings with {placeholders}, or plural objects {"one", "other"}
// chosen with Intl.PluralRules when the call passes a number as `count`.

export const LANGUAGES = [
  { code: "en", locale: "en-GB" },
  { code: "th", locale: "th-TH" },
];

let lang = "en";
let catalogue = {};
let fallback = {};
const cache = new Map();
let extra = {};

// Each game's strings, by language: merged into the app's on the next setLanguage().
export function addCatalogues(urlsByLang) {
  extra = urlsByLang;
  cache.clear();
}

function fetchJSON(url, code) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`no catalogue for ${code}`);
    return r.json();
  });
}

async function fetchCatalogue(code) {
  if (!cache.has(code)) {
    const parts = [`i18n/${code}.json`, ...(extra[code] || [])].map((url) => fetchJSON(url, code));
    cache.set(code, Promise.all(parts).then((all) => Object.assign({}, ...all)));
  }
  return cache.get(code);
}

export function pickLanguage(saved) {
  if (saved && LANGUAGES.some((l) => l.code === saved)) return saved;
  const wanted = (navigator.languages || [navigator.language || "en"]).map((x) => x.slice(0, 2));
  return wanted.find((code) => LANGUAGES.some((l) => l.code === code)) || "en";
}

export async function setLanguage(code) {
  fallback = await fetchCatalogue("en");
  catalogue = code === "en" ? fallback : await fetchCatalogue(code);
  keepWhole(catalogue);
  lang = code;
  document.documentElement.lang = code;
  translateTree(document);
  window.dispatchEvent(new CustomEvent("langchange", { detail: code }));
}

export function currentLanguage() {
  return lang;
}

export function locale() {
  return (LANGUAGES.find((l) => l.code === lang) || LANGUAGES[0]).locale;
}

function lookup(key, count) {
  let value = key in catalogue ? catalogue[key] : fallback[key];
  if (value === undefined) {
    console.warn(`missing string ${key}`);
    return key;
  }
  if (typeof value === "object") {
    const form = typeof count === "number" ? new Intl.PluralRules(locale()).select(count) : "other";
    value = value[form] ?? value.other;
  }
  return value;
}

// Thai has no spaces between words; the browser finds line breaks with a dictionary
// that lacks some loanwords, splits them mid-syllable ("บอ|ท", "แอ็|กชัน") and then
// misreads the next word ("บอทกลาง" as "บอ|ทก|ลาง"). dom.js sets each of these words
// between Thai letters as a box of its own (the .whole-word span), which the line
// breaker treats like a picture: the word stays whole and the next one is read afresh.
// The words are the catalogue's keepwhole.* strings, the app's and each game's, so a
// game's own loanwords ("แอ็กชัน") come with its strings; English has them too (same
// keys in every language), but never beside a Thai letter, so they change nothing.
let wholeWords = [];
let wholePattern = null;

function keepWhole(strings) {
  wholeWords = Object.entries(strings).filter(([key]) => key.startsWith("keepwhole.")).map(([, word]) => word);
  const escaped = wholeWords.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  wholePattern = new RegExp(escaped.join("|"), "g");
}

const THAI_LETTER = /[\u0E01-\u0E4E]/;

// The text as the children to append: the one string, or, when it holds such a word
// touching a Thai letter, one span with a .whole-word span for each. One span, so
// that in a flex container (a button with an icon) the text stays one flex item and
// the container's gap does not open inside it.
export function wordNodes(text) {
  if (!wholeWords.some((w) => text.includes(w))) return [text];
  const nodes = [];
  let last = 0;
  for (const m of text.matchAll(wholePattern)) {
    const end = m.index + m[0].length;
    if (!THAI_LETTER.test(text.charAt(m.index - 1)) && !THAI_LETTER.test(text.charAt(end))) continue;
    if (m.index > last) nodes.push(text.slice(last, m.index));
    const span = document.createElement("span");
    span.className = "whole-word";
    span.textContent = m[0];
    nodes.push(span);
    last = end;
  }
  if (!nodes.length) return [text];
  if (last < text.length) nodes.push(text.slice(last));
  const wrap = document.createElement("span");
  wrap.append(...nodes);
  return [wrap];
}

export function has(key) {
  return key in catalogue || key in fallback;
}

export function t(key, vars = {}) {
  const text = lookup(key, vars.count);
  return text.replace(/\{(\w+)\}/g, (match, name) =>
    name in vars ? formatValue(vars[name]) : match,
  );
}

function formatValue(value) {
  if (typeof value === "number") return formatNumber(value);
  return String(value);
}

export function formatNumber(value, options = {}) {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 2, ...options }).format(value);
}

export function formatPercent(value) {
  return new Intl.NumberFormat(locale(), { style: "percent", maximumFractionDigits: 1 }).format(
    value,
  );
}

export function formatList(items) {
  const parts = new Intl.ListFormat(locale(), { style: "long", type: "conjunction" }).formatToParts(items);
  if (lang !== "th") return parts.map((p) => p.value).join("");
  // ICU's Thai pattern glues "และ" to both neighbours ("7 × ทองแดงและ3 × ที่ดิน"). Thai
  // writes "ก ข และค": a space before the joining word, and one after it only when the
  // next item does not start with a Thai letter ("และ 3", "และ Ann").
  return parts.map((p, i) => {
    if (p.type !== "literal" || !p.value.trim()) return p.value;
    const next = i + 1 < parts.length ? parts[i + 1].value : "";
    return ` ${p.value.trim()}${/^[\u200B\u0E00-\u0E7F]/.test(next) ? "" : " "}`;
  }).join("");
}

// Static markup: data-i18n="key" sets the text, data-i18n-attr="aria-label:key;title:key"
// sets attributes.
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = t(el.dataset.i18n);
    // <title> and <noscript> show only plain text: a span inside would blank them.
    if (el.closest("head, noscript")) el.textContent = text;
    else el.replaceChildren(...wordNodes(text));
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}
