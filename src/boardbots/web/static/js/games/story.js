// The game's story: every line of the game seen so far, grouped by turn.
//
// A Domination view carries only the public log's last lines (the engine trims
// it at each clean-up), and a Y state message only the last move, so the page
// keeps what it has seen and merges each new window into it. It is kept in
// sessionStorage per table, so a reload still shows the whole game in that tab;
// another browser starts from the window the server sends.

import { h } from "../dom.js";

const KEY = "boardbots.story.";

function load(tableId) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY + tableId) || "null");
    if (saved && Array.isArray(saved.lines) && Array.isArray(saved.window)) return saved;
  } catch {
    // a full or disabled storage only costs the history before this page load
  }
  return { lines: [], window: [] };
}

function save(tableId, story) {
  try {
    sessionStorage.setItem(KEY + tableId, JSON.stringify(story));
  } catch {
    // as above
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// How many lines the old window and the new one share at the start.
function sharedPrefix(old, now) {
  let k = 0;
  while (k < old.length && k < now.length && same(old[k], now[k])) k += 1;
  return k;
}

// The new lines when the engine dropped the window's oldest ones: the smallest
// shift that lines the old window's tail up with the new window's head.
function newAfterTrim(old, now) {
  for (let added = 0; added <= now.length; added += 1) {
    const kept = now.length - added;
    if (kept <= old.length && same(old.slice(old.length - kept), now.slice(0, kept))) return now.slice(kept);
  }
  return now;
}

// Merge the public log window `now` into the story: growth appends, a takeback
// (a shorter window that is the old one's start) removes, a trim shifts.
export function mergeWindow(story, now, cap) {
  const old = story.window;
  const k = sharedPrefix(old, now);
  let lines;
  if (k === old.length || k === now.length) {
    lines = [...story.lines.slice(0, story.lines.length - (old.length - k)), ...now.slice(k)];
  } else if (now.length >= cap && old.length) {
    lines = [...story.lines, ...newAfterTrim(old, now)];
  } else {
    lines = [...now]; // nothing in common: the window is all we know
  }
  return { lines, window: [...now] };
}

// The story at each step of a replay: the views' windows merged once, then step k
// shows the lines seen by then (a replay only moves forward through its positions).
export function replayStories(views, cap) {
  let story = { lines: [], window: [] };
  return views.map((view) => {
    story = mergeWindow(story, view.log || [], cap);
    return story.lines;
  });
}

// A story object bound to one table: `update(window, cap)` merges and saves.
export function tableStory(tableId) {
  let story = load(tableId);
  return {
    update(now, cap) {
      story = mergeWindow(story, now, cap);
      save(tableId, story);
      return story.lines;
    },
    moves(decision, last) {
      // Y: one line per move, by decision number; a takeback drops the later ones.
      const byN = new Map(story.lines.map((m) => [m.n, m]));
      if (last) byN.set(last.n, last);
      story = { lines: [...byN.values()].filter((m) => m.n < decision).sort((a, b) => a.n - b.n), window: [] };
      save(tableId, story);
      return story.lines;
    },
  };
}

// Domination lines into turns: a turn starts when someone other than the player
// whose turn it is plays or buys (others only react, discard or gain in it).
export function domTurns(lines) {
  const turns = [];
  for (const entry of lines) {
    const [p, verb] = entry;
    const current = turns[turns.length - 1];
    if (!current || (p !== current.player && (verb === "play" || verb === "buy"))) {
      turns.push({ player: p, lines: [entry] });
    } else {
      current.lines.push(entry);
    }
  }
  return turns;
}

// The story as a scrollable list of turns: a heading per turn, then its lines.
export function storyList(turns, { label, heading, line, test }) {
  return h("ol.story", { "aria-label": label, "data-test": test, tabindex: "0" }, turns.map((turn) =>
    h("li.story-turn", { class: `p${turn.player}` },
      h("p.story-head", null, heading(turn)),
      h("ul.story-lines", null, turn.lines.map((entry) => h("li", null, line(entry)))))));
}
