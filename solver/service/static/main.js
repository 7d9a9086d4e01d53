// The wordref page: set up a game, show the cards and the score, send what the table says to the
// referee (the HTTP API) and show its verdicts. This entry module routes the address (#judge,
// #game=ID, or the setup screen), opens a game on the screen of its family, and starts the page.
//
// Modules: state.js, api.js and dom.js are shared; games.js reads the list of games from the
// page; home.js, wordgame.js, cardgame.js (with idiot.js and extincion.js) and judge.js are the
// screens (wordcards.js and wordtalk.js draw and word the word games); playingcards.js writes
// Extreme Idiot's cards; connection.js says when the referee cannot be reached.
import { api, gamePath, refresh } from "./api.js";
import { $, showView } from "./dom.js";
import { initConnection } from "./connection.js";
import { CARD_KEYS, drawsTable, initCardGame, renderCardUndo, resetCardGame, updateCards }
  from "./cardgame.js";
import { gameName, isCardGame } from "./games.js";
import { initHome, newGame, remember, showSetup } from "./home.js";
import { initJudge, showJudge } from "./judge.js";
import { saved, token, ui } from "./state.js";
import { closeRoom, openRoom } from "./tableroom.js";
import { initWordGame, renderButtons, resetWordGame, updateWords } from "./wordgame.js";

// The footer's keys for the word games, as index.html writes them.
let wordKeys = "";

// Draw a game's state on the screen of its family.
function update(state) {
  if (isCardGame(state.game)) updateCards(state);
  else updateWords(state);
}

async function openGame(id) {
  try {
    const data = await api("GET", gamePath(id));
    show(data.id || id, data.state);
  } catch (err) {
    showSetup(`Game ${id} cannot be opened: ${err.message}`);
  }
}

function show(id, state) {
  const cards = isCardGame(state.game);
  if (!gameName(state.game) || (cards && !drawsTable(state.game))) {
    showSetup(`Game ${id} is a game of ${state.game}, which this page does not referee.`);
    return;
  }
  const fresh = ui.id !== id;
  ui.id = id;
  if (fresh) {
    resetWordGame();
    resetCardGame();
    remember(id, state);
  }
  showView(cards ? "cardplay" : "play");
  $("keys").textContent = cards ? CARD_KEYS : wordKeys;
  $("game-id").textContent = id;
  $("game-link").href = `#game=${encodeURIComponent(id)}`;
  $("token").value = token();
  $("show-check").closest(".tick").hidden = cards;
  update(state);
  openRoom(id, update, $(cards ? "cardplay" : "play"));
  if (fresh) opened(cards ? $("show-hand") : $("answer"));
}

// A game opens with its cards in view: the keyboard goes to the first control without
// scrolling, and a touch screen gets no focus at all (its keyboard would cover the cards).
function opened(control) {
  window.scrollTo(0, 0);
  if (!control.hidden && !control.disabled && !matchMedia("(hover: none)").matches) {
    control.focus({ preventScroll: true });
  }
}

function route() {
  if (location.hash === "#judge") {
    showJudge();
    return;
  }
  const match = /^#game=([^&]+)/.exec(location.hash);
  if (!match) {
    closeRoom();
    if (ui.id || $("setup").hidden) showSetup();
    return;
  }
  let id;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    showSetup("That address does not name a game.");
    return;
  }
  if (id !== ui.id) openGame(id);
}

// Start ---------------------------------------------------------------------------------------

function init() {
  wordKeys = $("keys").textContent;
  initHome(show);
  initWordGame();
  initJudge();
  initCardGame();
  $("new").addEventListener("click", newGame);
  $("home").addEventListener("click", (event) => {
    event.preventDefault();
    newGame();
  });
  $("token").addEventListener("change", () => {
    saved.set(`token:${ui.id}`, $("token").value.trim());
    if (ui.state && isCardGame(ui.state.game)) renderCardUndo();
    else if (ui.state) renderButtons(ui.state);
  });
  window.addEventListener("hashchange", route);
  initConnection(() => refresh(update));
  // Another phone may have moved meanwhile: look again when the page comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !ui.busy) refresh(update);
  });
  route();
}

// A module script runs once the page is parsed (modules are deferred): the page is there.
init();
