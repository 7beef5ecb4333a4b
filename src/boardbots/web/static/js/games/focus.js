// Keeping the keyboard's place across redraws. The Domination table rebuilds its
// controls on every state, which used to drop focus to the page and cost a keyboard
// player several Tabs per decision. The table notes what had focus before a redraw
// and puts it back on the same control, or on the next sensible one, afterwards.

// What identifies a control across redraws: its action, or its card and its zone.
export function focusKey(el) {
  if (!el || !el.closest) return null;
  const zone = el.closest("[data-zone]");
  return {
    action: el.dataset.action || null,
    card: el.dataset.card || null,
    zone: zone ? zone.dataset.zone : null,
  };
}

const ENABLED = "button:not([disabled]), [tabindex='0']";

// The first of: the same action; the same card in the same zone; something usable in
// that zone; the prompt's first button; any card that can be chosen; `home`.
export function restoreFocus(root, key, home) {
  if (!key) return;
  const css = (v) => CSS.escape(v);
  const zone = key.zone ? root.querySelector(`[data-zone="${css(key.zone)}"]`) : null;
  const candidates = [
    key.action && root.querySelector(`[data-action="${css(key.action)}"]`),
    zone && key.card && zone.querySelector(`button[data-card="${css(key.card)}"]`),
    zone && zone.querySelector("button[data-card], button[data-action]"),
    root.querySelector(".prompt-buttons button"),
    root.querySelector("button.card"),
    key.card && zone && zone.querySelector(`[data-card="${css(key.card)}"]:is(${ENABLED})`),
    home,
  ];
  const target = candidates.find(Boolean);
  if (target) target.focus({ preventScroll: true });
}
