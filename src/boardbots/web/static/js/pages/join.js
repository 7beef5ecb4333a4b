// Join an open table from a shared link (#/join/<id>): pick a name and a free seat.

import { api, getConfig } from "../api.js";
import { botName } from "../bots.js";
import { h, put } from "../dom.js";
import { t } from "../i18n.js";
import { describeError, navigate, toast } from "../main.js";
import { saveSeat, seatFor, settings, updateSettings } from "../settings.js";
import { loadRenderer } from "../renderers.js";

export async function render(main, { params }) {
  const id = params[0];
  const mine = seatFor(id);
  if (mine && mine.token) {
    navigate(`/table/${id}`);
    return null;
  }
  let table;
  try {
    ({ table } = await api.table(id));
  } catch (err) {
    put(main, h("section.panel.narrow", { role: "alert" }, h("h1", null, t("join.title")), h("p", null, describeError(err)),
      h("a.button", { href: "#/" }, t("nav.home"))));
    return null;
  }
  const renderer = await loadRenderer(await getConfig(), table.game);
  const open = table.open_seats || [];
  const name = h("input#jname", { id: "jname", type: "text", maxlength: 40, value: settings().name, required: true, autocomplete: "nickname" });
  const seat = h("select#jseat", { id: "jseat" }, open.map((s) => h("option", { value: s }, t("seat.number", { n: s + 1 }))));
  const seats = h("ul.plain", null, table.seats.map((s, i) => h("li", null, t("seat.number", { n: i + 1 }), ": ",
    s.kind === "bot" ? botName(s.bot) : s.joined ? s.name || t("seat.kind.human") : h("em", null, t("seat.open")))));
  const form = h("form.panel.narrow", { onsubmit: async (e) => {
    e.preventDefault();
    updateSettings({ name: name.value.trim() });
    try {
      const res = await api.join(id, { seat: Number(seat.value), name: name.value.trim() || t("home.defaultname") });
      saveSeat(id, { seat: res.seat, token: res.token });
      navigate(`/table/${id}`);
    } catch (err) {
      toast(describeError(err), "error");
    }
  } },
  h("h1", null, t("join.title")),
  h("p", null, h("strong", null, t(`game.${table.game}.title`)), " · ", renderer.optionsSummary(table)),
  seats,
  open.length
    ? [h("div.field", null, h("label", { for: "jname" }, t("home.name")), name),
      h("div.field", null, h("label", { for: "jseat" }, t("join.seat")), seat),
      h("div.actions", null, h("button.primary", { type: "submit" }, t("join.button")),
        h("a.button", { href: `#/table/${id}` }, t("join.watch")))]
    : [h("p", null, t("join.full")), h("a.button", { href: `#/table/${id}` }, t("join.watch"))]);
  put(main, form);
  return null;
}
