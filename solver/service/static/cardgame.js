// The card game screen, passed round the table (hot-seat): the public table for all, then the
// hand and moves of the player to act behind "Show my hand"; sending moves and logging what
// happened. What differs between the card games comes from each game's own table module.
import { api, gamePath, postMove, query, refresh, showFailure } from "./api.js";
import { $, clearVerdict, el, plural, showRefusal, showTitle, syncUndo } from "./dom.js";
import * as extincion from "./extincion.js";
import { gameName } from "./games.js";
import { newGame } from "./home.js";
import * as idiot from "./idiot.js";
import { busyWith, token, ui } from "./state.js";

// Each card game's table, by game id. A table module exports:
//   actor(state)                    who must move now, or null when the game is over
//   learn(state), forget()          remember what a view shows, and forget it for a new game
//   banner(state, who)              {kind: "turn" | "over", head, lines}
//   centre(state), seats(state, who), hand(cards)   nodes for the centre, the seats, the hand
//   moveItems(state, moves, player) [{group, label, move}], in the order to show them
//   eventLine(e, state)             one line for what happened, or null
const TABLES = { idiot, extincion };

export const CARD_KEYS = "Keys: Alt+M shows the hand of the player to act; Tab and Enter pick a "
  + "move (Alt+Shift in Firefox, Ctrl+Alt on a Mac).";
const MOST_LOG_LINES = 8;

// The hand shown: {player, cards, moves} while the player to act shows it, else null.
let shownHand = null;

// Whether this page can draw the table of card game `game`.
export const drawsTable = (game) => Object.hasOwn(TABLES, game);

const rulesOf = (state) => TABLES[state.game];
const actor = (state) => rulesOf(state).actor(state);

// Drawing the table ---------------------------------------------------------------------------

export function updateCards(state) {
  const rules = rulesOf(state);
  ui.state = state;
  rules.learn(state);
  const who = rules.actor(state);
  if (shownHand && shownHand.player !== who) hideHand();
  const box = $("cardplay");
  // Plain data attributes: styling hooks, and what a test reads.
  box.dataset.game = state.game;
  box.dataset.status = who ? "playing" : "over";
  box.dataset.actor = who || "";
  showTitle(`${gameName(state.game)} · ${who ? `${who} to play` : "game over"}`);
  renderBanner(rules.banner(state, who));
  $("card-centre").replaceChildren(...rules.centre(state));
  renderSeat(state, who);
  $("card-players").replaceChildren(...rules.seats(state, who));
  renderCardUndo();
}

// Also drawn again when the referee token is typed in.
export function renderCardUndo() {
  syncUndo($("card-undo"), Boolean(token()));
}

function renderBanner(info) {
  const banner = $("card-banner");
  banner.className = `banner ${info.kind}`;
  const parts = [el("p", { class: "banner-head", id: info.kind === "over" ? "card-result" : null,
    text: info.head }), ...info.lines.filter(Boolean).map((line) => el("p", { text: line }))];
  if (info.kind === "over") {
    parts.push(el("button", { type: "button", class: "primary", text: "New game",
      onclick: newGame }));
  }
  banner.replaceChildren(...parts);
}

// The hand and the moves of the player to act ---------------------------------------------------

function renderSeat(state, who) {
  $("seat").hidden = !who;
  if (!who) return;
  const shown = Boolean(shownHand);
  $("seat-line").textContent = shown ? `Only ${who} looks now.`
    : `${who}: take the phone and show your hand; the others look away.`;
  $("show-hand").hidden = shown;
  $("hand-box").hidden = !shown;
  if (shown) renderHand(state);
}

// Take the hand off the screen: the next player must not see it.
function hideHand() {
  shownHand = null;
  $("hand").replaceChildren();
  $("moves").replaceChildren();
  $("hand-box").hidden = true;
  $("show-hand").hidden = false;
}

function renderHand(state) {
  const { player, cards, moves } = shownHand;
  const rules = rulesOf(state);
  $("hand-heading").textContent = `${player}'s hand`;
  $("hand").replaceChildren(...(cards.length ? rules.hand(cards)
    : [el("p", { class: "note", text: "No card in hand." })]));
  $("moves").replaceChildren(
    el("h3", { class: "sub", text: moves.length ? "Your moves" : "No move is possible" }),
    ...grouped(rules.moveItems(state, moves, player)).map(moveGroup));
}

// Long lists (every way of discarding, every ladder a big hand allows) fold away, so the
// other moves stay in sight: a group folds when it holds more moves than this for its title.
const FOLDS = { "Discard": 3, "Ladders": 12, "Answer the 9s": 12 };

// Moves grouped under a title, in the order they were first met.
function grouped(items) {
  const groups = new Map();
  for (const item of items) {
    if (!groups.has(item.group)) {
      const fold = Object.entries(FOLDS).find(([start]) => item.group.startsWith(start));
      groups.set(item.group, { title: item.group, items: [], most: fold ? fold[1] : Infinity });
    }
    groups.get(item.group).items.push(item);
  }
  return [...groups.values()];
}

function moveGroup(group) {
  const buttons = el("div", { class: "move-buttons" }, group.items.map(({ label, move }) =>
    el("button", { type: "button", class: "move", "data-type": move.type,
      onclick: () => sendCardMove("move", move) }, label)));
  if (group.items.length > group.most) {
    return el("details", { class: "move-group" },
      el("summary", { text: `${group.title} (${plural(group.items.length, "way", "ways")})` }),
      buttons);
  }
  return el("div", { class: "move-group", role: "group", "aria-label": group.title },
    el("h4", { class: "move-title", text: group.title }), buttons);
}

// What happened -----------------------------------------------------------------------------------

// Add the move's events to the log; the log keeps the last few lines, the newest marked.
function logCardEvents(events, before) {
  const line = rulesOf(before).eventLine;
  const log = $("card-news");
  for (const old of log.querySelectorAll(".latest")) old.classList.remove("latest");
  const lines = (events || []).map((e) => [e, line(e, before)]).filter(([, text]) => text);
  lines.forEach(([e, text], i) => log.append(el("li", {
    class: `event latest ${e.type}${i === 0 ? " first" : ""}`, "data-type": e.type, text })));
  while (log.children.length > MOST_LOG_LINES) log.firstElementChild.remove();
}

const clearCardVerdict = () => clearVerdict($("card-verdict"));

// Sending moves ----------------------------------------------------------------------------------

// Fetch `player`'s hand and moves; false when someone else is to act by now.
async function loadHand(player) {
  const id = ui.id;
  // A hand and the legal moves are private: this phone shows them by the referee token.
  const [view, moves] = await Promise.all([
    api("GET", `${gamePath(id)}?${query({ player })}`, undefined, true),
    api("GET", gamePath(id, "moves"), undefined, true)]);
  if (id !== ui.id) return false;
  rulesOf(view.state).learn(view.state);
  const mine = actor(view.state) === player;
  shownHand = mine ? { player, cards: view.state.hand || [],
    moves: moves.filter((m) => m.player === player) } : null;
  updateCards(view.state);
  return mine;
}

async function showHand() {
  const who = ui.state && actor(ui.state);
  if (!who) return;
  await busyWith($("cardplay"), async () => {
    try {
      clearCardVerdict();
      if (await loadHand(who)) ($("moves").querySelector("button") || $("hide-hand")).focus();
    } catch (err) {
      showRefusal($("card-verdict"), `The hand cannot be shown: ${err.message}`);
    }
  });
}

// Send a move (or an undo); show what happened, or why it was refused. The hand stays shown
// while the same player must act again (after a burn, a 2, a rescue to make), otherwise it goes.
async function sendCardMove(verb, body, withToken = false) {
  const id = ui.id;
  const before = ui.state;
  await busyWith($("cardplay"), async () => {
    try {
      const data = await postMove(id, verb, body, withToken);
      if (id !== ui.id) return;
      clearCardVerdict();
      rulesOf(data.state).learn(data.state);
      logCardEvents(data.events, before);
      const player = shownHand && shownHand.player;
      updateCards(data.state);
      if (player && player === actor(data.state)) await loadHand(player);
    } catch (err) {
      if (id !== ui.id) return;
      showFailure($("card-verdict"), err);
      if (err.status === 409) await refresh(updateCards);
    }
  });
  // The next player's "take the phone" line comes back into view, even after a move picked
  // low in a long list.
  if (!shownHand && !$("seat").hidden) {
    $("seat").scrollIntoView({ block: "nearest" });
    $("show-hand").focus({ preventScroll: true });
  }
}

// Start ----------------------------------------------------------------------------------------

// Forget the last game's hand, log and verdict: a new game is shown.
export function resetCardGame() {
  for (const rules of Object.values(TABLES)) rules.forget();
  $("card-news").replaceChildren();
  clearCardVerdict();
  hideHand();
}

export function initCardGame() {
  $("show-hand").addEventListener("click", showHand);
  $("hide-hand").addEventListener("click", () => {
    hideHand();
    if (ui.state) renderSeat(ui.state, actor(ui.state));
    $("show-hand").focus();
  });
  $("card-undo").addEventListener("click", () => sendCardMove("undo", {}, true));
}
