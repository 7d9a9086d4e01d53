// The word game screen, for In Extremis and for Red Letter, Yellow Letter: the cards big in
// their colours, who said the answer, the referee's verdict (beside the cards it judged, once
// the table has new ones), hint, stumped (asked twice while answers fit), tap and take, the
// flips and the score. Cards are drawn by wordcards.js, the referee's words by wordtalk.js.
import { api, postMove, query, refresh, showFailure } from "./api.js";
import { $, clearVerdict, el, plural, showTitle, syncUndo, upper } from "./dom.js";
import { gameName } from "./games.js";
import { newGame } from "./home.js";
import { busyWith, token, ui } from "./state.js";
import { cardNodes, judgedCards } from "./wordcards.js";
import { eventLine, stumpedLine, verdictParts } from "./wordtalk.js";

// Drawing the game -----------------------------------------------------------------------------

export function updateWords(given) {
  const state = tableView(given);
  const before = ui.state;
  ui.state = state;
  const play = $("play");
  // Plain data attributes: styling hooks, and what a test reads.
  play.dataset.game = state.game;
  play.dataset.status = state.status;
  play.dataset.round = state.round;
  play.dataset.players = String(state.players.length);
  const name = gameName(state.game);
  // In Extremis's engine counts every change of the cards (each flip) as a round, for telling
  // stale answers; the table counts rounds by claims, so the title says who leads instead.
  const where = state.status === "over" ? "game over" : state.game === "extremis"
    ? `${state.first} leads` : `round ${state.round}`;
  showTitle(`${name} · ${where}`, `${name}: ${where} · wordref`);
  renderBanner(state);
  renderCards(state);
  renderTableLine(state);
  renderWho(state);
  renderButtons(state);
  renderScore(state);
  renderCheck(state);
  if (ui.hint.key !== hintKey(state)) $("hint-text").textContent = "";
  if (state.status !== "playing" || (state.show_check && state.any !== true)
    || (before && before.round !== state.round)) askedStumped(false);
}

// The stumped check (does any answer fit these cards? how many? which flip first allows a
// word?) gives the game away: the table sees it only when it asked for it, the game's setting
// show_check (chosen at the start, changed by the referee: docs/public.md), and the server
// sends it to other screens only then. The referee token's replies carry it always; this is
// the table's screen, so it draws what the table sees (and stays equal to the live stream's).
const REFEREE_ONLY = ["any", "count", "forecast"];

function tableView(state) {
  if (state.show_check) return state;
  const shown = { ...state };
  for (const key of REFEREE_ONLY) delete shown[key];
  return shown;
}

function renderBanner(state) {
  const banner = $("banner");
  banner.className = `banner ${state.status}`;
  if (state.status === "over") {
    const winners = state.winners || [];
    banner.replaceChildren(
      el("p", { class: "banner-head", id: "winner",
        text: winners.length ? `${winners.join(" and ")} win${winners.length === 1 ? "s" : ""}!`
          : "The game is over" }),
      el("p", { text: ui.over ? `Game over: ${ui.over}.` : "Game over." }),
      el("button", { type: "button", class: "primary", text: "New game", onclick: newGame }));
  } else if (state.status === "tap") {
    const letters = [...(state.tap || "")].map(upper).join(", ");
    banner.replaceChildren(
      el("p", { class: "banner-head", text: "TAP!" }),
      el("p", { text: `${letters} is both green and red: the first to tap the initial takes `
        + "every card. Who tapped first?" }),
      // Names only on the buttons, so that six of them take two rows on a phone.
      el("div", { class: "banner-buttons tap-buttons" }, state.players.map((p) => el("button", {
        type: "button", class: "tap-button", "aria-label": `${p.name} tapped`,
        onclick: () => tap(p.name),
      }, p.name))));
  } else if (state.status === "choose") {
    const chooser = state.players.find((p) => p.name === state.chooser);
    const cards = state.cards || {};
    banner.replaceChildren(
      el("p", { class: "banner-head", text: `${state.chooser} wins the round` }),
      el("p", { text: "Take one card (three of a type at most):" }),
      el("div", { class: "banner-buttons" }, ["red", "yellow", "thing"].map((type) => {
        const full = chooser && chooser[type].length >= 3;
        const shows = type === "thing" ? cards.thing : upper(cards[type] || "");
        return el("button", {
          type: "button", class: `take take-${type}`, "data-card": type, disabled: full,
          title: full ? `${state.chooser} already has three ${type} cards` : null,
          onclick: () => take(type),
        }, `Take ${type}: `, el("strong", { text: shows }));
      })));
  } else {
    banner.replaceChildren();
  }
}

function renderCards(state) {
  const box = $("cards");
  box.className = `cards ${state.game}`;
  // After a flip, point at the card that turned and say whose it is.
  const flip = ui.flip && ui.flip.round === state.round ? ui.flip : null;
  const shown = cardNodes(state, flip);
  box.style.setProperty("--n", String(shown.length));
  box.replaceChildren(...shown);
}

function renderTableLine(state) {
  const parts = [];
  if (state.game === "extremis") {
    if (state.status !== "over") parts.push(plural(state.flips_left, "flip left", "flips left"));
    parts.push(`${state.first} leads`);
    if (state.draw) parts.push(`draw pile ${state.draw}`);
  } else if (state.decks) {
    parts.push(`decks: red ${state.decks.red}, yellow ${state.decks.yellow}, `
      + `Things ${state.decks.thing}`);
    if (state.used && state.used.length) parts.push(`already said: ${state.used.join(", ")}`);
  }
  $("table-line").textContent = parts.join(" · ");
}

// One radio button per player: who said the answer. None is ticked after each judged answer,
// so nobody is credited with the next one by mistake.
function renderWho(state) {
  const names = state.players.map((p) => p.name);
  if (!names.includes(ui.player)) ui.player = null;
  const box = $("who");
  const current = [...box.querySelectorAll("input")].map((i) => i.value);
  if (current.join("\n") !== names.join("\n")) {
    box.replaceChildren(...names.map((name, i) => {
      // No accesskey: it would move the focus to the radio button (Alt+number is handled
      // below, and leaves the focus in the answer box).
      const input = el("input", { type: "radio", name: "who", id: `who-${i}`,
        onchange: () => pickPlayer(name) });
      input.value = name;
      return el("label", { class: "pick", for: input.id }, input, el("span", { text: name }),
        i < 9 ? el("kbd", { class: "key-hint", "aria-hidden": "true", text: String(i + 1) })
          : null);
    }));
  }
  for (const input of box.querySelectorAll("input")) input.checked = input.value === ui.player;
}

// `name` said the next answer (null: nobody picked yet).
function pickPlayer(name) {
  ui.player = name;
  $("who-note").hidden = true;
  $("answer-form").classList.remove("asks-who");
  for (const input of $("who").querySelectorAll("input")) input.checked = input.value === name;
  if (ui.state) renderButtons(ui.state);
}

function askWho() {
  const note = $("who-note");
  const n = ui.state ? Math.min(ui.state.players.length, 9) : 9;
  note.textContent = `Who said it? Pick the player first (Alt+1 to Alt+${n}).`;
  note.hidden = false;
  $("answer-form").classList.add("asks-who");
}

// Also drawn again when the referee token is typed in.
export function renderButtons(state) {
  const playing = state.status === "playing";
  $("answer").disabled = !playing;
  $("submit").disabled = !playing;
  $("hint").disabled = !playing;
  $("stumped").disabled = !playing;
  // A tap is only possible while a letter is both green and red: a stray press is no move.
  const tapOn = state.status === "tap";
  $("tap").hidden = state.game !== "extremis";
  $("tap").disabled = !tapOn;
  $("tap").title = tapOn ? (ui.player ? `${ui.player} taps the initial` : "Who tapped first?")
    : "No tap: no letter is both green and red";
  syncUndo($("undo"), Boolean(token()));
}

function renderScore(state) {
  const table = $("score");
  const winners = state.status === "over" ? state.winners || [] : [];
  const mark = (name) => (winners.includes(name)
    ? el("span", { class: "badge win", text: "winner" }) : null);
  if (state.game === "extremis") {
    table.replaceChildren(
      el("caption", { class: "visually-hidden", text: "Cards in hand per player" }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Player" }),
        el("th", { scope: "col", text: "Cards in hand" }))),
      el("tbody", {}, state.players.map((p) => el("tr", { "data-player": p.name },
        el("th", { scope: "row" }, p.name, " ", mark(p.name),
          p.name === state.first && state.status !== "over"
            ? el("span", { class: "badge lead", text: "leads" }) : null),
        el("td", { class: "num", text: String(p.cards) })))));
  } else {
    const cell = (p, type) => el("td", { class: `kind ${type}`, "data-count": p[type].length },
      el("span", { class: "num", text: `${p[type].length}/3` }),
      p[type].length ? el("span", { class: "held",
        text: p[type].map((c) => (type === "thing" ? c : upper(c))).join(type === "thing"
          ? "; " : " ") }) : null);
    table.replaceChildren(
      el("caption", { class: "visually-hidden", text: "Cards taken per player and type" }),
      el("thead", {}, el("tr", {}, ["Player", "Red", "Yellow", "Thing", "All"].map((h) =>
        el("th", { scope: "col", text: h })))),
      el("tbody", {}, state.players.map((p) => el("tr", { "data-player": p.name },
        el("th", { scope: "row" }, p.name, " ", mark(p.name)),
        cell(p, "red"), cell(p, "yellow"), cell(p, "thing"),
        el("td", { class: "num total", text: String(p.cards) })))));
  }
}

// The stumped check, shown when the table asked for it (tableView above).
function renderCheck(state) {
  let text = "";
  if (state.status === "tap") {
    text = "Stumped check: a tap is on, no word is sought.";
  } else if (state.status === "playing" && state.search === "unknown_category") {
    text = "Stumped check: wordref does not know this Thing, the table decides each answer.";
  } else if (state.status === "playing" && state.any === true) {
    const noun = state.game === "extremis" ? "word" : "answer";
    text = `Stumped check: ${plural(state.count, `${noun} fits`, `${noun}s fit`)}.`;
    const cat = state.category;
    if (cat && state.cards && cat.name !== state.cards.thing) {
      text += ` (Thing read as ${cat.name})`;
    }
  } else if (state.status === "playing" && state.any === false) {
    text = "Stumped check: nothing fits these cards, press Stumped?.";
    const ahead = state.forecast;
    if (ahead && ahead.flip) {
      text += ` Flip ${ahead.flip} from now makes ${ahead.tap ? "a tap" : "a word"} possible.`;
    }
  }
  $("check").textContent = text;
  $("check").hidden = !state.show_check;
  $("show-check").checked = Boolean(state.show_check);
}

// The referee's setting: every screen of the game follows it at the move it makes.
async function setCheck() {
  const show = $("show-check").checked;
  if (!ui.state || !(await move("check", { show }, true))) {
    $("show-check").checked = Boolean(ui.state && ui.state.show_check);
  }
}

// Verdicts and what happened -----------------------------------------------------------------

const clearFeedback = () => clearVerdict($("verdict"));

// Cards "as they were" beside a verdict, when the table has new ones by now.
function judgedIfChanged(before, after) {
  return before && after && before.round !== after.round && before.cards
    ? judgedCards(before, "The cards it judged") : null;
}

function showVerdict(verdict, player, before, after) {
  const box = $("verdict");
  const kind = verdict.valid === true ? "valid" : verdict.valid === false ? "invalid" : "undecided";
  const fill = (word) => {
    $("answer").value = word;
    $("answer").focus();
  };
  const open = after && after.status !== "over";
  box.className = `verdict ${kind}`;
  box.dataset.valid = String(verdict.valid);
  box.replaceChildren(...verdictParts(verdict, player, kind, fill,
    open ? overruleButtons(kind) : null), judgedIfChanged(before, after) || "");
}

// The stumped call, with the cards it was about: what there was, if anything.
function showStumped(events, before, after) {
  const found = (events || []).find((e) => e.type === "stumped");
  if (!found) return;
  const box = $("verdict");
  box.className = "verdict stumped";
  box.dataset.valid = "stumped";
  box.replaceChildren(el("p", { class: "verdict-head", text: "Stumped" }),
    el("p", { class: "stumped-line", text: stumpedLine(found) }),
    judgedIfChanged(before, after) || "");
}

// The table may overrule the referee's last verdict (the referee token is needed).
function overruleButtons(kind) {
  const buttons = [];
  if (kind !== "valid") {
    buttons.push(el("button", { type: "button", class: "accept", onclick: () => overrule(true) },
      kind === "undecided" ? "Accept" : "Accept anyway"));
  }
  if (kind !== "invalid") {
    buttons.push(el("button", { type: "button", class: "reject", onclick: () => overrule(false) },
      kind === "undecided" ? "Reject" : "Reject anyway"));
  }
  const lead = kind === "undecided" ? "The table votes: " : "The table may overrule: ";
  return el("p", { class: "overrule" }, el("span", { class: "note", text: lead }), buttons);
}

function showEvents(events) {
  const lines = [];
  for (const e of events || []) {
    if (e.type === "flip") ui.flip = { ...e, round: null };
    if (e.type === "cards" && ui.flip && ui.flip.round === null) ui.flip.round = e.round;
    if (e.type === "over") ui.over = e.why;
    // The stumped call's finding goes in the verdict box, beside its cards.
    const text = e.type === "stumped" ? null : eventLine(e);
    if (text) lines.push(el("li", { class: `event ${e.type}`, "data-type": e.type, text }));
  }
  $("news").replaceChildren(...lines);
}

// Where the keyboard goes next: the take buttons after a win, the tap buttons on a tap, else
// the answer box.
function focusNext(state) {
  const next = state.status === "choose" ? $("banner").querySelector("button.take:enabled")
    : state.status === "tap" ? $("banner").querySelector("button.tap-button")
      : state.status === "over" ? $("banner").querySelector("button") : $("answer");
  if (next && !next.disabled) next.focus({ preventScroll: next === $("answer") });
}

// Moves ---------------------------------------------------------------------------------------

// Send a move; show what happened, or why it was refused (then fetch the table again, as the
// cards may have changed under us). Resolves to the answer and the state the move was made on.
function move(verb, body, withToken = false) {
  const id = ui.id;
  const before = ui.state;
  askedStumped(false);
  return busyWith($("play"), async () => {
    try {
      const data = await postMove(id, verb, body, withToken);
      if (id !== ui.id) return null;
      ui.flip = null;
      showEvents(data.events);
      updateWords(data.state);
      return { ...data, before };
    } catch (err) {
      if (id !== ui.id) return null;
      showFailure($("verdict"), err);
      if (err.status === 409) await refresh(updateWords);
      return null;
    }
  });
}

async function submitAnswer(event) {
  event.preventDefault();
  const input = $("answer");
  const text = input.value.trim();
  if (!text || !ui.state) {
    input.focus();
    return;
  }
  if (!ui.player) {
    askWho();
    return;
  }
  const player = ui.player;
  const data = await move("answer", { player, answer: text, round: ui.state.round });
  if (!data) return;
  pickPlayer(null);
  if (data.verdict) showVerdict(data.verdict, player, data.before, data.state);
  if (data.verdict && data.verdict.valid === true) input.value = "";
  else input.select();
  focusNext(data.state);
}

async function overrule(accept) {
  const data = await move("overrule", { accept }, true);
  if (!data) return;
  const box = $("verdict");
  box.className = `verdict ${accept ? "valid" : "invalid"}`;
  box.dataset.valid = String(accept);
  box.querySelector(".verdict-head").textContent = accept ? "Accepted by the table"
    : "Rejected by the table";
  const buttons = box.querySelector(".overrule");
  if (buttons) buttons.remove();
  const judged = !box.querySelector(".judged") && judgedIfChanged(data.before, data.state);
  if (judged) box.append(judged);
  if (accept) $("answer").value = "";
  focusNext(data.state);
}

async function tap(player) {
  if (await move("tap", { player })) {
    clearFeedback();
    focusNext(ui.state);
  }
}

function tapButton() {
  if (ui.player) tap(ui.player);
  else focusNext(ui.state);
}

async function take(card) {
  if (!ui.state || !ui.state.chooser) return;
  if (await move("take", { player: ui.state.chooser, card })) {
    clearFeedback();
    focusNext(ui.state);
  }
}

// "Stumped?" asks first while answers fit, when the table sees the stumped check: the table
// may not have looked long enough. When it does not, it always asks, in words that tell
// nothing: asking only while answers fit would say that they do.
function askedStumped(asking) {
  $("stumped-ask").hidden = !asking;
  $("stumped").setAttribute("aria-expanded", String(asking));
}

function stumpedPressed() {
  const state = ui.state;
  if (!state || state.status !== "playing") return;
  if (state.show_check && state.any !== true) {
    stumped();
    return;
  }
  // Only "Yes" gives up: a second press of Stumped? (a double tap) asks again, no more.
  const extremis = state.game === "extremis";
  const next = extremis ? "flip a card" : "show the next Thing";
  $("stumped-ask-text").textContent = state.show_check
    ? `${extremis ? "Words" : "Answers"} still fit these cards. Give up and ${next}?`
    : `Give up and ${next}? The referee then says what there was.`;
  askedStumped(true);
  $("stumped-yes").focus();
}

async function stumped() {
  const data = await move("stumped", {});
  if (!data) return;
  clearFeedback();
  showStumped(data.events, data.before, data.state);
  focusNext(data.state);
}

async function undo() {
  if (await move("undo", {}, true)) clearFeedback();
}

// Each press of Hint on the same cards asks for one level more; a level that would say what
// the last one said (a two-letter word has no third letter to show) is skipped.
function hintKey(state) {
  return state ? JSON.stringify([state.game, state.lang, state.cards]) : null;
}

function hintUrl(state, level) {
  const c = state.cards;
  return state.game === "extremis"
    ? `/api/extremis/hint?${query({ initial: c.initial, green: c.green, red: c.red,
      lang: state.lang, level })}`
    : `/api/redyellow/hint?${query({ thing: c.thing, yellow: c.yellow, red: c.red,
      lang: state.lang, level })}`;
}

async function hint() {
  const state = ui.state;
  if (!state || !state.cards) return;
  const key = hintKey(state);
  const same = ui.hint.key === key;
  let level = same ? Math.min(ui.hint.level + 1, ui.hint.levels) : 1;
  const box = $("hint-text");
  try {
    let data = await api("GET", hintUrl(state, level));
    while (same && data.hint === ui.hint.text && level < (data.levels || 4)) {
      level += 1;
      data = await api("GET", hintUrl(state, level));
    }
    ui.hint = { key, level: data.level || level, levels: data.levels || 4, text: data.hint };
    const last = ui.hint.level >= ui.hint.levels ? " (the last hint)" : "";
    box.textContent = `Hint ${ui.hint.level} of ${ui.hint.levels}${last}: ${data.hint}`;
  } catch (err) {
    box.textContent = `No hint: ${err.message}`;
  }
  box.dataset.level = String(ui.hint.level);
}

// Alt+1 to Alt+9 (Alt+Shift in Firefox, Ctrl+Alt on a Mac: all set altKey) pick who said it
// and leave the keyboard in the answer box. event.code, as Alt+digit types other characters
// on some layouts.
function pickByKey(event) {
  if ($("play").hidden || !event.altKey || event.metaKey || !ui.state) return;
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  const player = digit && ui.state.players[Number(digit[1]) - 1];
  if (!player) return;
  event.preventDefault();
  pickPlayer(player.name);
  if (!$("answer").disabled) $("answer").focus();
}

// Start ----------------------------------------------------------------------------------------

// Forget the last game's verdict, news and flip: a new game is shown.
export function resetWordGame() {
  ui.player = null;
  ui.flip = null;
  ui.over = null;
  clearFeedback();
  askedStumped(false);
  $("news").replaceChildren();
}

export function initWordGame() {
  $("answer-form").addEventListener("submit", submitAnswer);
  $("hint").addEventListener("click", hint);
  $("stumped").addEventListener("click", stumpedPressed);
  $("stumped-yes").addEventListener("click", stumped);
  $("stumped-no").addEventListener("click", () => {
    askedStumped(false);
    $("answer").focus();
  });
  $("tap").addEventListener("click", tapButton);
  $("undo").addEventListener("click", undo);
  document.addEventListener("keydown", pickByKey);
  $("show-check").addEventListener("change", setCheck);
}
