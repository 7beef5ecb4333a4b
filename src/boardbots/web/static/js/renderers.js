// Every game's web part (renderer module, styles, strings) lives in the game's own
// folder; /api/config says where (games[].web). This module is the only way the app
// reaches a game, so no page names one: see docs/web.md, "Game renderers".

const modules = new Map();

// The games the app can show, in the server's order (the first is the default).
export function webGames(config) {
  return (config.games || []).filter((g) => g.web && g.web.module);
}

// The named game, or the first one when the name is unknown or missing.
export function pickGame(config, name) {
  const games = webGames(config);
  return games.find((g) => g.name === name) || games[0] || null;
}

// An address from the config, relative to the page (import() alone would resolve it
// against this module's folder).
export function webUrl(path) {
  return new URL(path, document.baseURI).href;
}

// The game's renderer module, imported once and prepared with the game's config entry.
export function loadRenderer(config, name) {
  if (!modules.has(name)) {
    const info = webGames(config).find((g) => g.name === name);
    if (!info) return Promise.reject(Object.assign(new Error(name), { code: "unknown_game" }));
    modules.set(name, import(webUrl(info.web.module)).then((mod) => {
      if (mod.prepare) mod.prepare(info);
      return mod;
    }).catch((err) => {
      modules.delete(name);
      throw err;
    }));
  }
  return modules.get(name);
}

// Every game's renderer, by name, in the server's order.
export async function loadRenderers(config) {
  const games = webGames(config);
  const mods = await Promise.all(games.map((g) => loadRenderer(config, g.name)));
  return new Map(games.map((g, i) => [g.name, mods[i]]));
}

// Each game's stylesheet, linked once at start so every page looks the same.
export function linkStyles(config) {
  const links = webGames(config).flatMap((g) => g.web.styles || []).map((path) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = webUrl(path);
    const loaded = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
    document.head.append(link);
    return loaded;
  });
  return Promise.all(links);
}

// Where each game's strings for a language are, for i18n.js to merge.
export function catalogueUrls(config) {
  const out = {};
  for (const g of webGames(config)) {
    for (const [lang, path] of Object.entries(g.web.i18n || {})) (out[lang] ||= []).push(webUrl(path));
  }
  return out;
}
