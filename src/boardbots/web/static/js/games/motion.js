// Card animations. The table compares each state with the one before it and marks
// what changed with one of these classes; CSS (a game's game.css, "Card motion") does the
// rest, and reduced motion (the setting or the system's) shortens them to nothing.
// Every state goes through the same comparison, whoever acted, so a bot's cards
// move exactly as a person's do.

export const MOTION = {
  draw: "anim-draw", // a card arrived in your hand
  play: "anim-play", // a card arrived in the play area
  take: "anim-take", // a supply pile shrank (bought or gained)
  land: "anim-land", // your discard pile grew (discarded, bought or gained)
  trash: "anim-trash", // the trash grew
  shuffle: "anim-shuffle", // your deck grew (the discard pile was shuffled into it)
};
