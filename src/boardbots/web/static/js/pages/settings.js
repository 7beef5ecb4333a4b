// Settings kept in this browser: name, language, minimum thinking time, where
// solo tables' bots think, motion, sounds, and the developer switch (Random bot).

import { getConfig } from "../api.js";
import { h, put } from "../dom.js";
import { formatNumber, LANGUAGES, setLanguage, t } from "../i18n.js";
import { toast } from "../main.js";
import { settings, updateSettings } from "../settings.js";
import { playSound } from "../sound.js";

export async function render(main) {
  const config = await getConfig();
  const s = settings();
  const serverMin = Number(config.min_think_ms ?? 0);
  const current = typeof s.minThinkMs === "number" ? s.minThinkMs : serverMin;
  const think = h("input#think", { id: "think", type: "number", min: 0, max: 10, step: 0.1, value: (current / 1000).toFixed(1), "aria-describedby": "think-hint" });
  const form = h("form.panel.narrow.settings", { onsubmit: (e) => {
    e.preventDefault();
    const seconds = Number(think.value);
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 10) {
      toast(t("settings.think.bad"), "error");
      return;
    }
    updateSettings({ minThinkMs: Math.round(seconds * 1000) });
    toast(t("settings.saved"));
  } },
  h("h1", null, t("settings.title")),
  h("div.field", null, h("label", { for: "sname" }, t("home.name")),
    h("input#sname", { id: "sname", type: "text", maxlength: 40, value: s.name,
      onchange: (e) => updateSettings({ name: e.target.value.trim() }) })),
  h("div.field", null, h("label", { for: "slang" }, t("lang.label")),
    h("select#slang", { id: "slang", onchange: async (e) => { updateSettings({ lang: e.target.value }); await setLanguage(e.target.value); } },
      LANGUAGES.map((l) => h("option", { value: l.code, selected: document.documentElement.lang === l.code, lang: l.code }, t(`lang.${l.code}`))))),
  h("div.field", null, h("label", { for: "think" }, t("settings.think")),
    h("div.inline", null, think, h("span", null, t("settings.seconds")),
      h("button", { type: "button", onclick: () => { updateSettings({ minThinkMs: null }); think.value = (serverMin / 1000).toFixed(1); toast(t("settings.saved")); } }, t("settings.think.reset"))),
    h("p.hint", { id: "think-hint" }, t("settings.think.hint", { server: formatNumber(serverMin / 1000) }))),
  config.static ? null : botsOnField(config, s),
  h("div.field.check", null,
    h("input#motion", { id: "motion", type: "checkbox", checked: s.reduceMotion, onchange: (e) => updateSettings({ reduceMotion: e.target.checked }) }),
    h("label", { for: "motion" }, t("settings.motion"))),
  h("div.field.check", null,
    h("input#sound", { id: "sound", type: "checkbox", checked: s.sound, "data-test": "sound", "aria-describedby": "sound-hint",
      // Turning sounds on plays one: the player hears what to expect, and the click
      // lets the browser start audio for this page.
      onchange: (e) => { updateSettings({ sound: e.target.checked }); playSound("turn"); } }),
    h("label", { for: "sound" }, t("settings.sound")),
    h("p.hint", { id: "sound-hint" }, t("settings.sound.hint"))),
  h("fieldset.dev", null, h("legend", null, t("settings.dev")),
    h("div.field.check", null,
      h("input#dev", { id: "dev", type: "checkbox", role: "switch", checked: s.developer, "data-test": "developer",
        onchange: (e) => updateSettings({ developer: e.target.checked }) }),
      h("label", { for: "dev" }, t("settings.dev.switch")),
      h("p.hint", null, t("settings.dev.hint")))),
  h("div.actions", null, h("button.primary", { type: "submit", "data-test": "save" }, t("settings.save"))));
  put(main, form);
  return null;
}

// Where a solo table's bots think; the home form offers the same choice.
function botsOnField(config, s) {
  const b = config.browser || {};
  const here = Boolean(b.available) && s.botsOn !== "server";
  const choice = (value, checked, disabled) => h("label.radio", null,
    h("input", { type: "radio", name: "sbotson", value, checked, disabled,
      onchange: () => updateSettings({ botsOn: value }) }),
    t(`home.botson.${value}`));
  return h("fieldset", null, h("legend", null, t("home.botson")),
    h("div.radio-row", null, choice("device", here, !b.available), choice("server", !here, false)),
    h("p.hint", null, b.available ? t("home.botson.hint") : t("home.botson.unavailable", { reason: b.reason || "" })));
}
