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
  // ICU's Thai pattern glues "และ" to the next item ("7 × ทองแดงและ3 × ที่ดิน");
  // Thai separates phrases with spaces, so a joining word gets one on each side.
  const spaced = lang === "th";
  return parts.map((p) => (spaced && p.type === "literal" && p.value.trim() ? ` ${p.value.trim()} ` : p.value)).join("");
}

// Static markup: data-i18n="key" sets the text, data-i18n-attr="aria-label:key;title:key"
// sets attributes.
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}
