// The grace time before the creator may give an absent player's seat to a bot
// without asking (the server's `replace_grace_s`; it enforces the same rule). Each
// seat summary says how long its player has been away (`away_s`) when it was sent;
// the page counts on from when it first drew that summary.

const seen = new WeakMap(); // seat summary -> performance.now() when first looked at

// Milliseconds left before the grace time is over (0 once it is), or null when it
// cannot be known (an older server, or nobody away): then only asking offers the bot.
export function graceLeftMs(seat, config) {
  const grace = Number(config && config.replace_grace_s);
  if (!Number.isFinite(grace) || seat.away_s === null || seat.away_s === undefined) return null;
  if (!seen.has(seat)) seen.set(seat, performance.now());
  const away = seat.away_s * 1000 + (performance.now() - seen.get(seat));
  return Math.max(0, grace * 1000 - away);
}
