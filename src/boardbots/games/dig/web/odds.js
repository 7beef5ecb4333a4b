// The collapse risk a player faces on the next dig, from the cart and the round's rules
// (the view's resolved values): the chance that two six-sided dice total at most the
// threshold. Exact, from the 36 equally likely rolls, as the bots' own outlook is.

// Rolls of two dice totalling exactly `s` (2..12): 1, 2, ..., 6, ..., 2, 1.
function ways(s) {
  return s < 2 || s > 12 ? 0 : 6 - Math.abs(s - 7);
}

// The chance that two dice total at most `threshold`.
export function collapseChance(threshold) {
  let n = 0;
  for (let s = 2; s <= Math.min(12, threshold); s += 1) n += ways(s);
  return n / 36;
}

// How much each staked gem lowers the threshold this round (Sturdy Beams doubles it).
export function beamOf(view) {
  return view.round_rules.beam;
}

// The highest total that caves the cart in on the next dig with `stake` gems staked.
export function threshold(view, stake = view.cart.stake) {
  return view.cart.hazard - stake * beamOf(view);
}

// The stakes the rules allow at most (the buttons drawn), whatever a player can afford.
export function maxStake(view) {
  const r = view.rules || {};
  return typeof r.max_stake === "number" ? r.max_stake : 0;
}
