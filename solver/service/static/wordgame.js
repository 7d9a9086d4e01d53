// The word game screen, for In Extremis and for Red Letter, Yellow Letter: the cards big in
// their colours, who said the answer, the referee's verdict, hint, stumped, tap and take, the
// flips and the score.
import { api, postMove, query, refresh, refusalMessage } from "./api.js";
import {
  $, clearVerdict, el, plural, reasonList, showRefusal, showTitle, syncUndo, upper,
} from "./dom.js";
import { gameName } from "./games.js";
import { newGame } from "./home.js";
import { busyWith, token, ui } from "./state.js";

// Drawing the game -----------------------------------------------------------------------------

export function updateWords(state) {
  ui.state = state;
  const play = $("play");
  // Plain data attributes: styling hooks, and what a test reads.
  play.dataset.game = state.game;
  play.dataset.status = state.status;
  play.dataset.round = state.round;
  const name = gameName(state.game);
  showTitle(`${name} · round ${state.round}`, `${name}: round ${state.round} · wordref`);
  renderBanner(state);
  renderCards(state);
  renderTableLine(state);
  renderWho(state);
  renderButtons(state);
  renderScore(state);
  renderCheck(state);
  if (ui.hint.key !== hintKey(state)) $("hint-text").textContent = "";
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
      el("div", { class: "banner-buttons" }, state.players.map((p) => el("button", {
        type: "button", class: "tap-button", onclick: () => tap(p.name),
      }, `${p.name} tapped`))));
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

function letterCard(letter, kind, caption, label) {
  return el("div", { class: `card ${kind}`, role: "img", "aria-label": label },
    el("span", { class: "card-letter", "aria-hidden": "true", text: upper(letter) }),
    el("span", { class: "card-caption", "aria-hidden": "true", text: caption }));
}

function renderCards(state) {
  const box = $("cards");
  box.className = `cards ${state.game}`;
  const cards = state.cards;
  if (state.game === "extremis") {
    if (!cards || !cards.initial) {
      box.replaceChildren();
      return;
    }
    const shown = [letterCard(cards.initial, "green initial", "initial",
      `initial ${upper(cards.initial)}`)];
    for (const l of cards.green) shown.push(letterCard(l, "green", "with", `green ${upper(l)}`));
    for (const l of cards.red) shown.push(letterCard(l, "red", "without", `red ${upper(l)}`));
    markFlip(shown, state);
    box.style.setProperty("--n", String(shown.length));
    box.replaceChildren(...shown);
  } else {
    box.replaceChildren(...(cards ? [
      el("div", { class: "card thing", role: "img", "aria-label": `Thing: ${cards.thing}` },
        el("span", { class: "card-caption", "aria-hidden": "true", text: "Thing" }),
        el("span", { class: "card-text", "aria-hidden": "true", text: cards.thing })),
      letterCard(cards.yellow, "yellow", "starts with", `yellow ${upper(cards.yellow)}`),
      letterCard(cards.red, "red", "without", `red ${upper(cards.red)}`),
    ] : []));
  }
}

// After a flip, point at the card that turned and say whose it is.
function markFlip(shown, state) {
  const flip = ui.flip;
  if (!flip || flip.round !== state.round) return;
  const target = shown.slice(1).reverse().find((c) => c.classList.contains(flip.shows)
    && c.querySelector(".card-letter").textContent === upper(flip.letter));
  if (!target) return;
  target.classList.add("flipped");
  target.querySelector(".card-caption").textContent = flip.player;
  target.setAttribute("aria-label", `${target.getAttribute("aria-label")}, ${flip.player}'s `
    + "card, just flipped");
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

// One radio button per player: who said the answer (and who taps).
function renderWho(state) {
  const names = state.players.map((p) => p.name);
  if (!names.includes(ui.player)) ui.player = names[0];
  const box = $("who");
  const current = [...box.querySelectorAll("input")].map((i) => i.value);
  if (current.join("\n") !== names.join("\n")) {
    box.replaceChildren(...names.map((name, i) => {
      const input = el("input", {
        type: "radio", name: "who", id: `who-${i}`, accesskey: i < 9 ? String(i + 1) : null,
        onchange: () => {
          ui.player = name;
          renderButtons(ui.state);
        },
      });
      input.value = name;
      return el("label", { class: "pick", for: input.id }, input, el("span", { text: name }));
    }));
  }
  for (const input of box.querySelectorAll("input")) input.checked = input.value === ui.player;
}

// Also drawn again when the referee token is typed in.
export function renderButtons(state) {
  const playing = state.status === "playing";
  $("answer").disabled = !playing;
  $("submit").disabled = !playing;
  $("hint").disabled = !playing;
  $("stumped").disabled = !playing;
  $("tap").hidden = state.game !== "extremis";
  $("tap").disabled = state.status === "over";
  $("tap").title = `${ui.player} taps the initial`;
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

// The discreet line: does any answer exist for these cards?
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
}

// Verdicts and what happened -----------------------------------------------------------------

const clearFeedback = () => clearVerdict($("verdict"));

function showVerdict(verdict, player) {
  const box = $("verdict");
  const kind = verdict.valid === true ? "valid" : verdict.valid === false ? "invalid" : "undecided";
  const head = { valid: "Valid", invalid: "Invalid", undecided: "The table decides" }[kind];
  const parts = [
    el("p", { class: "verdict-head", text: head }),
    el("p", { class: "verdict-answer" }, `${player}: `, el("q", { text: verdict.answer })),
    reasonList(verdict.reasons),
  ];
  if (verdict.suggestions && verdict.suggestions.length) {
    // A suggestion fills the answer box: the player still has to say it and submit it.
    const fill = (word) => () => {
      $("answer").value = word;
      $("answer").focus();
    };
    const words = verdict.suggestions.flatMap((word, i) => [i ? ", " : "",
      el("button", { type: "button", class: "link", onclick: fill(word) }, word)]);
    parts.push(el("p", { class: "suggestions" }, "Did you mean ", words, "?"));
  }
  for (const extra of [verdict.definition, verdict.house, verdict.note]) {
    if (typeof extra === "string") parts.push(el("p", { class: "definition", text: extra }));
  }
  if (ui.state && ui.state.status !== "over") parts.push(overruleButtons(kind));
  box.className = `verdict ${kind}`;
  box.dataset.valid = String(verdict.valid);
  box.replaceChildren(...parts.filter(Boolean));
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

// One line per event, as the terminal version words them; null for what the page shows anyway.
function eventLine(e) {
  const card = (l) => upper(l || "");
  switch (e.type) {
    case "claim":
      return `${e.player} claims ${plural(e.cards, "card", "cards")}`
        + (e.by === "tap" ? " with a tap" : e.by === "overrule" ? " (the table accepted)" : "");
    case "stumped":
      if (e.status === "unknown_category") return "wordref does not know that Thing";
      return e.count ? `There ${e.count === 1 ? "was 1 answer" : `were ${e.count} answers`}, `
        + `such as ${(e.examples || []).join(", ")}` : "There was no answer";
    case "flip":
      return `${e.player}'s card flips to ${e.shows} ${card(e.letter)}`;
    case "new_layer":
      return "Everyone plays the next card of their hand";
    case "initial_from_hand":
      return `The draw pile is empty: ${e.player} plays the initial from hand`;
    case "take":
      return `${e.player} takes the ${e.card} card `
        + `(${e.card === "thing" ? e.value : card(e.value)})`;
    case "won":
      return `${e.player} wins the round`;
    case "redraw_red":
      return `The red ${card(e.letter)} equals the yellow: it goes back`;
    case "things_refilled":
      return "The Things deck is refilled";
    case "overrule":
      return `The table ${e.accept ? "accepts" : "rejects"} “${e.word || e.answer}”`;
    case "round_taken_back":
      return "The round is taken back";
    case "undo": {
      const undone = e.move || {};
      return undone.type === "answer"
        ? `Undone: the answer “${undone.word || undone.answer}”`
        : `Undone: ${undone.type || "a move"}`;
    }
    case "over":
      return `Game over: ${e.why}`;
    default:
      return null; // verdict, cards, tap_on: on screen already
  }
}

function showEvents(events) {
  const lines = [];
  for (const e of events || []) {
    if (e.type === "flip") ui.flip = { ...e, round: null };
    if (e.type === "cards" && ui.flip && ui.flip.round === null) ui.flip.round = e.round;
    if (e.type === "over") ui.over = e.why;
    const text = eventLine(e);
    if (text) lines.push(el("li", { class: `event ${e.type}`, "data-type": e.type, text }));
  }
  $("news").replaceChildren(...lines);
}

// Moves ---------------------------------------------------------------------------------------

// Send a move; show what happened, or why it was refused (then fetch the table again, as the
// cards may have changed under us).
function move(verb, body, withToken = false) {
  const id = ui.id;
  return busyWith($("play"), async () => {
    try {
      const data = await postMove(id, verb, body, withToken);
      if (id !== ui.id) return null;
      ui.flip = null;
      showEvents(data.events);
      updateWords(data.state);
      return data;
    } catch (err) {
      if (id !== ui.id) return null;
      showRefusal($("verdict"), refusalMessage(err));
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
  const player = ui.player;
  const data = await move("answer", { player, answer: text, round: ui.state.round });
  if (!data) return;
  if (data.verdict) showVerdict(data.verdict, player);
  if (data.verdict && data.verdict.valid === true) input.value = "";
  else input.select();
  if (!input.disabled) input.focus();
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
  if (accept) $("answer").value = "";
}

async function tap(player = ui.player) {
  if (await move("tap", { player })) {
    clearFeedback();
    $("answer").focus();
  }
}

async function take(card) {
  if (!ui.state || !ui.state.chooser) return;
  if (await move("take", { player: ui.state.chooser, card })) {
    clearFeedback();
    if (!$("answer").disabled) $("answer").focus();
  }
}

async function stumped() {
  if (await move("stumped", {})) clearFeedback();
}

async function undo() {
  if (await move("undo", {}, true)) clearFeedback();
}

// Each press of Hint on the same cards asks for one level more.
function hintKey(state) {
  return state ? JSON.stringify([state.game, state.lang, state.cards]) : null;
}

async function hint() {
  const state = ui.state;
  if (!state || !state.cards) return;
  const key = hintKey(state);
  const level = ui.hint.key === key ? Math.min(ui.hint.level + 1, ui.hint.levels) : 1;
  const c = state.cards;
  const url = state.game === "extremis"
    ? `/api/extremis/hint?${query({ initial: c.initial, green: c.green, red: c.red,
      lang: state.lang, level })}`
    : `/api/redyellow/hint?${query({ thing: c.thing, yellow: c.yellow, red: c.red,
      lang: state.lang, level })}`;
  const box = $("hint-text");
  try {
    const data = await api("GET", url);
    ui.hint = { key, level: data.level || level, levels: data.levels || 4 };
    box.textContent = `Hint ${ui.hint.level} of ${ui.hint.levels}: ${data.hint}`;
  } catch (err) {
    box.textContent = `No hint: ${err.message}`;
  }
  box.dataset.level = String(ui.hint.level);
}

// Start ----------------------------------------------------------------------------------------

// Forget the last game's verdict, news and flip: a new game is shown.
export function resetWordGame() {
  ui.player = null;
  ui.flip = null;
  ui.over = null;
  clearFeedback();
  $("news").replaceChildren();
}

export function initWordGame() {
  $("answer-form").addEventListener("submit", submitAnswer);
  $("hint").addEventListener("click", hint);
  $("stumped").addEventListener("click", stumped);
  $("tap").addEventListener("click", () => tap());
  $("undo").addEventListener("click", undo);
}
