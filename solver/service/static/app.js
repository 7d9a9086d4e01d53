// The wordref page: set up a game, show the cards and the score, send what the table says to the
// referee (the HTTP API) and show its verdicts.
//
// Names and answers are typed by the players, so they are untrusted: every piece of text reaches
// the page through textContent or text nodes, never through HTML.
"use strict";

const GAMES = {
  extremis: "In Extremis", redyellow: "Red Letter, Yellow Letter",
  idiot: "Extreme Idiot", extincion: "¡Extinción!",
};
// Card games are passed round the table: each player in turn sees their hand and moves.
const CARD_GAMES = new Set(["idiot", "extincion"]);
// Offered when /api/lexicons cannot be read, so a game can still start.
const FALLBACK_LANGS = [{ code: "en", name: "English" }];
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 12;

const $ = (id) => document.getElementById(id);

// What the page knows of the game in front of it.
const ui = {
  id: null,
  state: null,
  player: null, // who said the next answer
  hint: { key: null, level: 0, levels: 4 },
  flip: null, // the latest flip, to point at the flipped card
  over: null, // why the game ended, when the page saw it end
  busy: false,
};

// Helpers -----------------------------------------------------------------------------------

// Build an element: props are attributes, "text" (set as textContent) or on<event> handlers;
// children are nodes or strings (appended as text nodes).
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

// A letter as printed on a card. "ß".toUpperCase() is "SS", two letters: use the capital sharp s.
function upper(letter) {
  return letter === "ß" ? "ẞ" : letter.toUpperCase();
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// localStorage, tolerating browsers that refuse it (private modes): the page works without.
const saved = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`wordref:${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`wordref:${key}`, JSON.stringify(value));
    } catch {
      // Nothing to do: the game goes on, only resuming on this phone gets harder.
    }
  },
};

const token = () => saved.get(`token:${ui.id}`, "");

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// Call the API; a 4xx or 5xx becomes an ApiError carrying the server's "error" message.
async function api(method, path, body, withToken = false) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (withToken && token()) headers["X-Referee-Token"] = token();
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(`the referee cannot be reached (${err.message})`, 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // An empty or non-JSON body: the status line says enough.
  }
  if (!response.ok) {
    const message = data && typeof data.error === "string" ? data.error
      : `${response.status} ${response.statusText}`;
    throw new ApiError(message, response.status);
  }
  return data;
}

function query(params) {
  return new URLSearchParams(params).toString();
}

// Setting up ----------------------------------------------------------------------------------

function addPlayerField(name = "") {
  const list = $("player-list");
  if (list.children.length >= MAX_PLAYERS) return null;
  const n = list.children.length + 1;
  const input = el("input", {
    id: `player-${n}`, name: "player", maxlength: 60, autocomplete: "off",
    autocapitalize: "words", spellcheck: "false", placeholder: `Player ${n}`,
  });
  input.value = name;
  const remove = el("button", {
    type: "button", class: "quiet remove", "aria-label": `Remove player ${n}`, text: "✕",
    onclick: () => {
      if (list.children.length > MIN_PLAYERS) {
        item.remove();
        renumberPlayers();
      }
    },
  });
  const item = el("li", {}, el("label", { for: input.id, class: "visually-hidden",
    text: `Player ${n}` }), input, remove);
  list.append(item);
  renumberPlayers();
  return input;
}

// Keep labels and ids in step after a player is removed; two players cannot be removed.
function renumberPlayers() {
  const items = [...$("player-list").children];
  items.forEach((item, i) => {
    const n = i + 1;
    const input = item.querySelector("input");
    input.id = `player-${n}`;
    input.placeholder = `Player ${n}`;
    item.querySelector("label").htmlFor = input.id;
    item.querySelector("label").textContent = `Player ${n}`;
    item.querySelector("button").setAttribute("aria-label", `Remove player ${n}`);
    item.querySelector("button").hidden = items.length <= MIN_PLAYERS;
  });
  $("add-player").disabled = items.length >= MAX_PLAYERS;
}

function chosenGame() {
  return document.querySelector("input[name=game]:checked").value;
}

// Red Letter, Yellow Letter has English Things only; the card games have no words at all, and
// each has house rules of its own.
function syncLanguage() {
  const game = chosenGame();
  const select = $("lang");
  const englishOnly = game === "redyellow";
  if (englishOnly) select.value = "en";
  select.disabled = englishOnly;
  $("lang-note").textContent = englishOnly ? "Red Letter, Yellow Letter is played in English" : "";
  $("lang-field").hidden = CARD_GAMES.has(game);
  for (const field of document.querySelectorAll("[data-for]")) {
    field.hidden = field.dataset.for !== game;
  }
}

// The options of a card game, from the ticks shown for it.
function cardOptions(game) {
  if (game === "idiot") return $("two-decks").checked ? { decks: 2 } : {};
  if (game === "extincion") return $("beginner").checked ? { beginner: true } : {};
  return {};
}

async function loadLanguages() {
  let langs;
  try {
    langs = (await api("GET", "/api/lexicons")).filter((l) => l && typeof l.code === "string");
  } catch {
    langs = [];
  }
  if (!langs.length) langs = FALLBACK_LANGS;
  const select = $("lang");
  select.replaceChildren(...langs.map((l) => el("option", {
    value: l.code, text: l.name ? `${l.name} (${l.code})` : l.code,
  })));
  const last = saved.get("lang", "en");
  select.value = langs.some((l) => l.code === last) ? last : langs[0].code;
  syncLanguage();
}

function setupError(message) {
  const box = $("setup-error");
  box.textContent = message;
  box.hidden = !message;
}

async function startGame(event) {
  event.preventDefault();
  const inputs = [...$("player-list").querySelectorAll("input")];
  const players = inputs.map((i) => i.value.trim()).filter(Boolean);
  if (players.length < MIN_PLAYERS) {
    setupError("Name at least two players.");
    (inputs.find((i) => !i.value.trim()) || inputs[0]).focus();
    return;
  }
  if (new Set(players.map((p) => p.toLowerCase())).size !== players.length) {
    setupError("Each player needs a different name.");
    return;
  }
  const game = chosenGame();
  const body = CARD_GAMES.has(game) ? { game, players, options: cardOptions(game) }
    : { game, players, lang: $("lang").value };
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d{1,15}$/.test(seed)) {
      setupError("The shuffle number is a whole number, 0 or more.");
      $("seed").focus();
      return;
    }
    body.seed = Number(seed);
  }
  setupError("");
  $("start").disabled = true;
  try {
    const data = await api("POST", "/api/games", body);
    saved.set(`token:${data.id}`, data.token);
    saved.set("players", players);
    saved.set("game", body.game);
    if (body.lang && body.game !== "redyellow") saved.set("lang", body.lang);
    show(data.id, data.state);
    location.hash = `game=${encodeURIComponent(data.id)}`;
  } catch (err) {
    setupError(`The game could not start: ${err.message}`);
  } finally {
    $("start").disabled = false;
  }
}

// Recent games on this phone, to resume them with one tap.
function remember(id, game, players) {
  const recent = saved.get("recent", []).filter((g) => g && g.id !== id);
  recent.unshift({ id, game, players, at: Date.now() });
  saved.set("recent", recent.slice(0, 8));
}

function renderRecent() {
  const items = saved.get("recent", []).filter((g) => g && typeof g.id === "string");
  $("recent").replaceChildren(...items.map((g) => el("li", {},
    el("a", { href: `#game=${encodeURIComponent(g.id)}` },
      `${GAMES[g.game] || g.game}: ${(g.players || []).join(", ")}`),
    el("span", { class: "note", text: ` ${new Date(g.at).toLocaleString()}` }))));
}

// Show one of the page's views (setup, judge, play, cardplay) and hide the others.
function showView(name) {
  for (const view of ["setup", "judge", "play", "cardplay"]) $(view).hidden = view !== name;
  $("foot").hidden = name !== "play" && name !== "cardplay";
}

function showSetup(message = "") {
  ui.id = null;
  ui.state = null;
  showView("setup");
  $("title").textContent = "";
  document.title = "wordref: the referee";
  renderRecent();
  setupError(message);
}

// Opening a game -------------------------------------------------------------------------------

async function openGame(id) {
  try {
    const data = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    show(data.id || id, data.state);
  } catch (err) {
    showSetup(`Game ${id} cannot be opened: ${err.message}`);
  }
}

// Idiot's view lists players as objects, ¡Extinción!'s as names.
function playerNames(state) {
  return (state.players || []).map((p) => (typeof p === "string" ? p : p.name));
}

function show(id, state) {
  if (!GAMES[state.game]) {
    showSetup(`Game ${id} is a game of ${state.game}, which this page does not referee.`);
    return;
  }
  const cards = CARD_GAMES.has(state.game);
  const fresh = ui.id !== id;
  ui.id = id;
  if (fresh) {
    ui.player = null;
    ui.flip = null;
    ui.over = null;
    clearFeedback();
    $("news").replaceChildren();
    resetCardGame();
    remember(id, state.game, playerNames(state));
  }
  showView(cards ? "cardplay" : "play");
  $("keys").textContent = cards ? CARD_KEYS : WORD_KEYS;
  $("game-id").textContent = id;
  $("game-link").href = `#game=${encodeURIComponent(id)}`;
  $("token").value = token();
  update(state);
  if (fresh && !cards) $("answer").focus();
  if (fresh && cards && !$("show-hand").hidden) $("show-hand").focus();
}

function route() {
  if (location.hash === "#judge") {
    showJudge();
    return;
  }
  const match = /^#game=([^&]+)/.exec(location.hash);
  if (!match) {
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

// Drawing the game -----------------------------------------------------------------------------

function update(state) {
  if (CARD_GAMES.has(state.game)) {
    updateCards(state);
    return;
  }
  ui.state = state;
  const play = $("play");
  // Plain data attributes: styling hooks, and what a test reads.
  play.dataset.game = state.game;
  play.dataset.status = state.status;
  play.dataset.round = state.round;
  $("title").textContent = `${GAMES[state.game]} · round ${state.round}`;
  document.title = `${GAMES[state.game]}: round ${state.round} · wordref`;
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

function renderButtons(state) {
  const playing = state.status === "playing";
  $("answer").disabled = !playing;
  $("submit").disabled = !playing;
  $("hint").disabled = !playing;
  $("stumped").disabled = !playing;
  $("tap").hidden = state.game !== "extremis";
  $("tap").disabled = state.status === "over";
  $("tap").title = `${ui.player} taps the initial`;
  $("undo").disabled = !token();
  $("undo").title = token() ? "" : "Undo needs the referee token (see the bottom of the page)";
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

// The live regions stay in the page (empty, they take no room) so screen readers keep
// announcing what is put in them.
function clearFeedback() {
  const box = $("verdict");
  box.className = "verdict";
  delete box.dataset.valid;
  box.replaceChildren();
}

function showVerdict(verdict, player) {
  const box = $("verdict");
  const kind = verdict.valid === true ? "valid" : verdict.valid === false ? "invalid" : "undecided";
  const head = { valid: "Valid", invalid: "Invalid", undecided: "The table decides" }[kind];
  const parts = [
    el("p", { class: "verdict-head", text: head }),
    el("p", { class: "verdict-answer" }, `${player}: `, el("q", { text: verdict.answer })),
  ];
  const reasons = verdict.reasons || [];
  if (reasons.length) {
    parts.push(el("ul", { class: "reasons" }, reasons.map((r) => el("li", {
      "data-code": r.code, text: r.message }))));
  }
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
  box.replaceChildren(...parts);
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

function showRefusal(message) {
  const box = $("verdict");
  box.className = "verdict refused";
  box.dataset.valid = "refused";
  box.replaceChildren(el("p", { class: "verdict-head", text: "Refused" }),
    el("p", { class: "refusal", text: message }));
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
async function move(verb, body, withToken = false) {
  if (ui.busy) return null;
  ui.busy = true;
  $("play").dataset.busy = "true"; // a move is on its way: lets a test wait for its outcome
  const id = ui.id;
  try {
    const data = await api("POST", `/api/games/${encodeURIComponent(id)}/${verb}`, body,
      withToken);
    if (id !== ui.id) return null;
    ui.flip = null;
    showEvents(data.events);
    update(data.state);
    return data;
  } catch (err) {
    if (id !== ui.id) return null;
    showRefusal(err.status === 403 ? `${err.message}. Paste it under “Referee token” below.`
      : err.message);
    if (err.status === 409) await refresh();
    return null;
  } finally {
    ui.busy = false;
    delete $("play").dataset.busy;
  }
}

async function refresh() {
  if (!ui.id) return;
  try {
    const data = await api("GET", `/api/games/${encodeURIComponent(ui.id)}`);
    if (data.state) update(data.state);
  } catch {
    // Keep the table as it was; the next move will say what is wrong.
  }
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

function newGame() {
  history.pushState(null, "", location.pathname);
  showSetup();
  const first = $("player-list").querySelector("input");
  if (first) first.focus();
}

// Extreme Idiot: judge one play -----------------------------------------------------------------

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

// The suit buttons type into the box typed in last (the play, at first).
let judgeTarget = "judge-play";

function showJudge() {
  ui.id = null;
  ui.state = null;
  showView("judge");
  $("title").textContent = "Extreme Idiot: judge a play";
  document.title = "Extreme Idiot: judge a play · wordref";
  $("judge-pile").focus();
}

// Type a suit or a joker at the caret. A joker is a word of its own, so it gets spaces around.
function typeIntoJudge(text) {
  const input = $(judgeTarget);
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const before = input.value.slice(0, start);
  const piece = text.length > 1 ? `${before && !/\s$/.test(before) ? " " : ""}${text} ` : text;
  input.setRangeText(piece, start, end, "end");
  input.focus();
}

async function judgePlay(event) {
  event.preventDefault();
  const pile = $("judge-pile").value.trim();
  const play = $("judge-play").value.trim();
  if (!play) {
    showJudgeProblem("Type the play: the card or cards laid on the pile.");
    $("judge-play").focus();
    return;
  }
  const params = { pile, play };
  if ($("judge-draw-empty").checked) params.draw_empty = "true";
  $("judge-submit").disabled = true;
  try {
    showPlayVerdict(await api("GET", `/api/idiot/judge?${query(params)}`), pile, play);
  } catch (err) {
    showJudgeProblem(err.message);
  } finally {
    $("judge-submit").disabled = false;
  }
}

// Cards typed in ASCII ("10h jh", "ks") echoed as printed ("10♥ J♥", "K♠"); the rest as typed.
const RANK_WORDS = { t: "10", 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };

function prettyCards(text) {
  return text.split(/\s+/).map((token) => {
    const card = /^(10|1[1-4]|[1-9]|[tjqka])([shdc])$/i.exec(token);
    if (!card) return token;
    const rank = card[1].toLowerCase();
    return (RANK_WORDS[rank] || rank.toUpperCase()) + SUITS[card[2].toLowerCase()];
  }).join(" ");
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function showPlayVerdict(verdict, pile, play) {
  const box = $("judge-verdict");
  const valid = verdict.valid === true;
  const parts = [
    el("p", { class: "verdict-head", text: valid ? "Legal" : "Illegal" }),
    el("p", { class: "verdict-answer" }, el("strong", { text: prettyCards(play) }),
      ` on ${pile ? prettyCards(pile) : "an empty table"}`),
  ];
  const reasons = verdict.reasons || [];
  if (reasons.length) {
    parts.push(el("ul", { class: "reasons" }, reasons.map((r) => el("li", {
      "data-code": r.code, text: r.message }))));
  }
  if (verdict.paragraph) {
    parts.push(el("p", { class: "paragraph" }, "Rule ",
      el("strong", { class: "paragraph-number", text: verdict.paragraph })));
  }
  if (verdict.consequence) {
    parts.push(el("p", { class: "consequence", text: `${capitalise(verdict.consequence)}.` }));
  }
  if (verdict.zero_tolerance) {
    parts.push(el("p", { class: "zero",
      text: "Zero tolerance: punished even when noticed late (§25)." }));
  }
  if (verdict.next) parts.push(el("p", { class: "next", text: `Next play: ${verdict.next}.` }));
  if (valid) {
    parts.push(el("button", { type: "button", class: "lay",
      onclick: () => layOnPile(pile, play) }, "Lay it on the pile"));
  }
  box.className = `verdict ${valid ? "valid" : "invalid"}`;
  box.dataset.valid = String(verdict.valid);
  box.replaceChildren(...parts);
}

function showJudgeProblem(message) {
  const box = $("judge-verdict");
  box.className = "verdict refused";
  box.dataset.valid = "refused";
  box.replaceChildren(el("p", { class: "verdict-head", text: "Not understood" }),
    el("p", { class: "refusal", text: message }));
}

// The table plays on: the judged play joins the judged pile and the next play can be typed.
function layOnPile(pile, play) {
  $("judge-pile").value = [pile, play].filter(Boolean).join(" ");
  $("judge-play").value = "";
  clearJudge(false);
  judgeTarget = "judge-play";
  $("judge-play").focus();
}

function clearJudge(everything = true) {
  if (everything) {
    $("judge-pile").value = "";
    $("judge-play").value = "";
    $("judge-pile").focus();
  }
  const box = $("judge-verdict");
  box.className = "verdict";
  delete box.dataset.valid;
  box.replaceChildren();
}

function initJudge() {
  for (const id of ["judge-pile", "judge-play"]) {
    $(id).addEventListener("focus", () => {
      judgeTarget = id;
    });
  }
  for (const button of document.querySelectorAll("[data-insert]")) {
    // On a touch screen the button would take the focus, and the phone's keyboard would close
    // and reopen on every suit: keep the focus in the box being typed in.
    button.addEventListener("pointerdown", (event) => event.preventDefault());
    button.addEventListener("click", () => typeIntoJudge(button.dataset.insert));
  }
  $("judge-form").addEventListener("submit", judgePlay);
  $("judge-clear").addEventListener("click", () => clearJudge());
}

// Card games: the public table, then the hand of the player to act -------------------------------

const CARD_KEYS = "Keys: Alt+M shows the hand of the player to act; Tab and Enter pick a move "
  + "(Alt+Shift in Firefox, Ctrl+Alt on a Mac).";
let WORD_KEYS = "";
const MOST_LOG_LINES = 8;

// What the page knows of a card game besides its public state.
const table = {
  hand: null, // {player, cards, moves} while the player to act shows their hand
  // ¡Extinción! moves and events name cards and environments by number: their faces, from
  // every view this page has seen.
  cards: new Map(),
  environments: new Map(),
};

function resetCardGame() {
  table.hand = null;
  table.cards.clear();
  table.environments.clear();
  $("card-news").replaceChildren();
  clearCardVerdict();
  hideHand();
}

// Who must move now: Idiot's player on turn, ¡Extinción!'s player a decision waits for.
function actor(state) {
  if (state.game === "idiot") return state.over ? null : state.turn;
  return state.to_act || null;
}

function updateCards(state) {
  ui.state = state;
  learn(state);
  const who = actor(state);
  if (table.hand && table.hand.player !== who) hideHand();
  const box = $("cardplay");
  // Plain data attributes: styling hooks, and what a test reads.
  box.dataset.game = state.game;
  box.dataset.status = who ? "playing" : "over";
  box.dataset.actor = who || "";
  const heading = `${GAMES[state.game]} · ${who ? `${who} to play` : "game over"}`;
  $("title").textContent = heading;
  document.title = `${heading} · wordref`;
  const idiot = state.game === "idiot";
  renderCardBanner(idiot ? idiotBanner(state, who) : extincionBanner(state, who));
  if (idiot) renderIdiotCentre(state);
  else renderExtincionCentre(state);
  renderSeat(state, who);
  if (idiot) renderIdiotPlayers(state, who);
  else renderExtincionPlayers(state, who);
  renderCardUndo();
}

function renderCardUndo() {
  $("card-undo").disabled = !token();
  $("card-undo").title = token() ? ""
    : "Undo needs the referee token (see the bottom of the page)";
}

function badge(text, kind) {
  return el("span", { class: `badge ${kind}`, text });
}

function ordinal(n) {
  return ["1st", "2nd", "3rd"][n - 1] || `${n}th`;
}

function renderCardBanner(info) {
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

// Extreme Idiot's table --------------------------------------------------------------------------

// An engine card id ("10h", "qs", "jr") as people write it ("10♥", "Q♠", "red joker").
function idiotCard(id) {
  if (id === "jr") return "red joker";
  if (id === "jb") return "black joker";
  return String(id).slice(0, -1).toUpperCase() + (SUITS[String(id).slice(-1)] || "?");
}

// A playing card as the view writes it ("10♥", "red joker", "red joker (as K)").
function cardFace(text, size = "") {
  const [, name, note] = /^(.*?)(?: \((.*)\))?$/.exec(text);
  const joker = /^(red|black) joker$/.exec(name);
  const red = joker ? joker[1] === "red" : /[♥♦]$/.test(name);
  const face = joker ? [el("span", { class: "pcard-main", text: "★" }),
    el("span", { class: "pcard-note", text: "joker" })]
    : [el("span", { class: "pcard-main", text: name })];
  if (note) face.push(el("span", { class: "pcard-note", text: note }));
  for (const part of face) part.setAttribute("aria-hidden", "true");
  return el("span", { class: ["pcard", size, red ? "red" : "", joker ? "joker" : ""]
    .filter(Boolean).join(" "), role: "img", "aria-label": text, title: text,
  "data-card": text }, face);
}

function cardBack() {
  return el("span", { class: "pcard back", role: "img", "aria-label": "face-down card" });
}

function idiotBanner(state, who) {
  if (state.over) {
    const order = state.out.map((name, i) => `${i + 1}. ${name}`).join(", ");
    return { kind: "over", head: state.idiot ? `${state.idiot} is the idiot` : "The game is over",
      lines: [order ? `Out in order: ${order}.` : "",
        state.ended_by === "stalemate" ? "A stalemate ended the game: the others ranked by "
          + "the cards they held, fewest first." : ""] };
  }
  const pending = {
    follow: `${who} lays one more card on the 2 (§2).`,
    give: `${who} gives a card from hand to an opponent (black 4, §4).`,
    play_out: `${who} may play out a face-up card of the 4's suit (red 4, §4).`,
  }[state.pending];
  return { kind: "turn", head: `${who} to play`, lines: [pending] };
}

function renderIdiotCentre(state) {
  const top = state.top ? cardFace(state.top, "big")
    : el("span", { class: "pcard big empty", text: "empty" });
  const counts = [`Draw pile ${state.draw}`, `burned ${state.burned}`];
  if (state.aside.length) counts.push(`put aside ${state.aside.join(" ")}`);
  $("card-centre").replaceChildren(el("div", { class: "pile" },
    el("div", { class: "pile-top" }, el("p", { class: "label", text: "Top of the pile" }), top),
    el("div", { class: "pile-facts" },
      state.asks ? el("p", { class: "asks" }, el("strong", { text: "Next play: " }), state.asks)
        : null,
      el("p", { class: "label", id: "pile-label",
        text: `The pile, bottom to top: ${plural(state.pile.length, "card", "cards")}` }),
      el("div", { class: "pile-cards", role: "group", "aria-labelledby": "pile-label" },
        state.pile.map((c) => cardFace(c, "small"))),
      el("p", { class: "counts", text: counts.join(" · ") }))));
}

function renderIdiotPlayers(state, who) {
  $("card-players").replaceChildren(...state.players.map((p) => {
    // Each row of the table: a face-up card on a face-down one, or either alone.
    const rows = p.down.map((down, i) => {
      if (!p.up[i]) return down ? cardBack() : null;
      const face = cardFace(p.up[i]);
      if (down) face.classList.add("on-back");
      return face;
    }).filter(Boolean);
    const down = p.down.filter(Boolean).length;
    return el("li", { class: `seat-row${p.name === who ? " current" : ""}`,
      "data-player": p.name },
    el("p", { class: "seat-name" }, el("strong", { text: p.name }),
      p.name === who ? badge("to play", "lead") : null,
      p.place ? badge(`out, ${ordinal(p.place)}`, "win") : null,
      state.idiot === p.name ? badge("idiot", "idiot") : null),
    el("div", { class: "table-cards", role: "group", "aria-label": `${p.name}'s table cards` },
      rows.length ? rows : el("span", { class: "note", text: "no cards on the table" })),
    el("p", { class: "seat-counts", text: `${plural(p.hand, "card", "cards")} in hand · `
      + `${down} face down` }));
  }));
}

// ¡Extinción!'s table ----------------------------------------------------------------------------

const EFFECTS = { earthquake: "Earthquake", famine: "Famine", epidemic: "Epidemic",
  stampede: "Stampede", extinction: "Extinction!" };
const ENDINGS = {
  extinction: "The last extinction ended the game.",
  exhausted: "No Safe Environment was left.",
  drought: "Fifty rounds went by without a rescue.",
  stalled: "Nobody could do anything for a whole round.",
};

// Remember every card and environment the views show, by number.
function learn(state) {
  if (state.game !== "extincion") return;
  const cards = [...(state.hand || []), ...(state.in_play || [])];
  if (state.cemetery && state.cemetery.top) cards.push(state.cemetery.top);
  const envs = [...(state.display || [])];
  for (const seat of Object.values(state.table || {})) {
    cards.push(...seat.territory);
    envs.push(...seat.environments);
  }
  for (const card of cards) table.cards.set(card.id, card);
  for (const env of envs) table.environments.set(env.id, env);
}

function knownCard(id) {
  return table.cards.get(id) || { id, name: `card ${id}`, diet: "", bait: false, skills: [] };
}

function envName(envOrId) {
  const env = typeof envOrId === "object" ? envOrId : table.environments.get(envOrId);
  if (!env) return `environment ${envOrId}`;
  return env.name || `${env.type} ${env.id}`;
}

const words = (name) => String(name || "").replace(/_/g, " ");
const titled = (name) => words(name).replace(/\b\w/g, (c) => c.toUpperCase());

function dinoNote(card) {
  if (card.bait) return `bait for ${words(card.diet)}s`;
  return [words(card.diet), ...(card.skills || []).map(titled)].filter(Boolean).join(" · ");
}

function dinoChip(card) {
  return el("li", { class: `dino ${card.diet}${card.bait ? " bait" : ""}`,
    "data-card": card.id },
  el("span", { class: "dino-name", text: card.name }),
  el("span", { class: "dino-note", text: dinoNote(card) }));
}

function envCard(env) {
  return el("li", { class: "env", "data-env": env.id },
    el("p", { class: "env-name", text: envName(env) }),
    el("p", { class: "env-type", text: env.type }),
    el("ul", { class: "needs", "aria-label": "Needs" },
      env.needs.map((diet) => el("li", { class: `diet ${diet}`, text: words(diet) }))));
}

// The seat to the right of `name`: the one before it, as play goes clockwise.
function rightOf(state, name) {
  const seats = state.players;
  return seats[(seats.indexOf(name) + seats.length - 1) % seats.length];
}

// "Bob's Protoceratops", with which one when Bob has several of that name.
function dinoOwner(state, id) {
  for (const [name, seat] of Object.entries(state.table)) {
    const index = seat.territory.findIndex((c) => c.id === id);
    if (index < 0) continue;
    const card = seat.territory[index];
    const same = seat.territory.filter((c) => c.name === card.name);
    const which = same.length > 1 ? ` (${ordinal(same.indexOf(card) + 1)})` : "";
    return `${name}'s ${card.name}${which}`;
  }
  return knownCard(id).name;
}

function winnersText(winners) {
  if (!winners || !winners.length) return "nobody wins";
  return winners.length === 1 ? `${winners[0]} wins` : `${winners.join(" and ")} share the win`;
}

function decisionText(state, waiting) {
  const p = waiting.player;
  switch (waiting.kind) {
    case "respond": {
      const aim = typeof waiting.target === "number" ? dinoOwner(state, waiting.target)
        : `${p}'s hand`;
      return `${waiting.actor}'s ${knownCard(waiting.card).name} is aimed at ${aim}: `
        + `${p} may show a Clever Girl to avoid it.`;
    }
    case "companion":
      return `${p}'s Gregarious dinosaur may bring another herbivore from hand.`;
    case "famine":
      return `Famine: ${p} sacrifices a dinosaur (${waiting.left} to go).`;
    case "epidemic":
      return `Epidemic: ${p} loses a dinosaur (${words(waiting.diet)}).`;
    case "stampede":
      return `Stampede: ${p} passes a dinosaur from hand to ${rightOf(state, p)}'s territory.`;
    case "start":
      return `${p} places a first dinosaur.`;
    default:
      return `${p} must decide (${waiting.kind}).`;
  }
}

function extincionBanner(state, who) {
  const result = state.result;
  if (result) {
    const scores = state.players.map((p) => `${p} ${result.scores[p]}`).join(", ");
    const head = winnersText(result.winners);
    return { kind: "over", head: `${head}${result.winners.length === 1 ? "!" : ""}`,
      lines: [`Dinosaurs rescued: ${scores}.`, ENDINGS[result.reason]] };
  }
  if (state.awaiting) {
    return { kind: "turn", head: `${who} to decide`, lines: [decisionText(state, state.awaiting)] };
  }
  const phase = state.phase === "rescue"
    ? `Phase 2: ${who} may rescue dinosaurs in an environment on display, or pass.`
    : `Phase 1: ${who} plays a card, discards and draws, or draws up to 3.`;
  return { kind: "turn", head: `${who} to play`, lines: [phase] };
}

function renderExtincionCentre(state) {
  const pips = Array.from({ length: state.end_at }, (_, i) =>
    el("span", { class: `pip${i < state.counter ? " on" : ""}` }));
  const top = state.cemetery.top;
  const counts = [`Lost World deck ${state.lost_world}`,
    `Cemetery ${state.cemetery.count}${top ? `, top: ${top.name}` : ""}`,
    `environments left ${state.environments_left}`];
  // A bait lies in play while its target decides whether to show a Clever Girl.
  if (state.in_play.length) counts.push(`in play: ${state.in_play.map((c) => c.name).join(", ")}`);
  $("card-centre").replaceChildren(
    el("div", { class: "counter" },
      el("p", { class: "counter-text", id: "counter" }, "Extinctions ",
        el("strong", { text: String(state.counter) }), ` of ${state.end_at}`),
      el("span", { class: "pips", "aria-hidden": "true" }, pips)),
    el("p", { class: "counts", text: counts.join(" · ") }),
    el("h3", { class: "sub", id: "display-heading", text: "Safe Environments on display" }),
    el("ul", { class: "envs", "aria-labelledby": "display-heading" },
      state.display.map(envCard)));
}

function renderExtincionPlayers(state, who) {
  const winners = state.result ? state.result.winners : [];
  $("card-players").replaceChildren(...state.players.map((name) => {
    const seat = state.table[name];
    const rescued = seat.environments.map((e) => `${envName(e)} (${EFFECTS[e.effect]
      || e.effect})`);
    return el("li", { class: `seat-row${name === who ? " current" : ""}`, "data-player": name },
      el("p", { class: "seat-name" }, el("strong", { text: name }),
        name === who ? badge(state.awaiting ? "to decide" : "to play", "lead") : null,
        name === state.turn && name !== who && !state.result ? badge("turn", "plain") : null,
        winners.includes(name) ? badge("winner", "win") : null),
      el("p", { class: "seat-counts", text: `${plural(seat.hand, "card", "cards")} in hand · `
        + `${seat.rescued} rescued` }),
      seat.territory.length ? el("ul", { class: "dinos", "aria-label": `${name}'s territory` },
        seat.territory.map(dinoChip)) : el("p", { class: "note", text: "Empty territory" }),
      rescued.length ? el("p", { class: "note", text: `Rescued in: ${rescued.join(", ")}` })
        : null);
  }));
}

// The hand and the moves of the player to act ---------------------------------------------------

function renderSeat(state, who) {
  $("seat").hidden = !who;
  if (!who) return;
  const shown = Boolean(table.hand);
  $("seat-line").textContent = shown ? `Only ${who} looks now.`
    : `${who}: take the phone and show your hand; the others look away.`;
  $("show-hand").hidden = shown;
  $("hand-box").hidden = !shown;
  if (shown) renderHand(state);
}

// Take the hand off the screen: the next player must not see it.
function hideHand() {
  table.hand = null;
  $("hand").replaceChildren();
  $("moves").replaceChildren();
  $("hand-box").hidden = true;
  $("show-hand").hidden = false;
}

function renderHand(state) {
  const { player, cards, moves } = table.hand;
  $("hand-heading").textContent = `${player}'s hand`;
  let faces;
  if (!cards.length) faces = el("p", { class: "note", text: "No card in hand." });
  else if (state.game === "idiot") faces = cards.map((c) => cardFace(c));
  else faces = el("ul", { class: "dinos" }, cards.map(dinoChip));
  $("hand").replaceChildren(...[faces].flat());
  const groups = state.game === "idiot" ? idiotMoveGroups(state, moves)
    : extincionMoveGroups(state, moves);
  $("moves").replaceChildren(
    el("h3", { class: "sub", text: moves.length ? "Your moves" : "No move is possible" }),
    ...groups.map(moveGroup));
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
      onclick: () => playMove(move) }, label)));
  if (group.items.length > group.most) {
    return el("details", { class: "move-group" },
      el("summary", { text: `${group.title} (${plural(group.items.length, "way", "ways")})` }),
      buttons);
  }
  return el("div", { class: "move-group", role: "group", "aria-label": group.title },
    el("h4", { class: "move-title", text: group.title }), buttons);
}

const idiotRank = (id) => (id === "jr" || id === "jb" ? "joker" : String(id).slice(0, -1));

// Cards of one rank are the usual play; several ranks are a ladder (§8) or the cards that
// answer 9s (§9), and a big hand allows hundreds of ladders: they get a group of their own.
function idiotPlayGroup(state, move, from) {
  if (new Set(move.cards.map(idiotRank)).size === 1) return `Play from your ${from}`;
  return state.asks && state.asks.includes("at once") ? "Answer the 9s" : "Ladders (§8)";
}

function idiotMoveGroups(state, moves) {
  const me = state.players.find((p) => p.name === table.hand.player) || { hand: 0, up: [] };
  const from = me.hand ? "hand" : me.up.some(Boolean) ? "face-up cards" : "face-down cards";
  return grouped(moves.map((move) => {
    switch (move.type) {
      case "play":
        return { group: idiotPlayGroup(state, move, from), label: idiotMoveLabel(state, move),
          move };
      case "flip":
        return { group: "Flip a face-down card", label: idiotMoveLabel(state, move), move };
      case "give":
        return { group: "Give a card (black 4)", label: idiotMoveLabel(state, move), move };
      case "play_out":
        return { group: "Play out a face-up card (red 4)", label: idiotMoveLabel(state, move),
          move };
      default:
        return { group: "Or", label: idiotMoveLabel(state, move), move };
    }
  }));
}

function idiotMoveLabel(state, move) {
  switch (move.type) {
    case "play": return `Play ${move.cards.map(idiotCard).join(" ")}`;
    case "flip": return `Flip face-down card ${move.row + 1}`;
    case "give": return `Give ${idiotCard(move.card)} to ${move.to}`;
    case "play_out": return `Play out ${idiotCard(move.card)}`;
    case "pickup": return "Pick up the pile";
    case "pass": return state.pending === "play_out" ? "Play out nothing" : "Pass";
    default: return titled(move.type);
  }
}

const CHOICES = {
  companion: ["Place a companion", (c) => `Place ${c.name} beside it`],
  famine: ["Sacrifice a dinosaur", (c) => `Sacrifice ${c.name}`],
  epidemic: ["Lose a dinosaur to the epidemic", (c) => `Lose ${c.name}`],
  stampede: ["Pass a dinosaur in the stampede",
    (c, state, player) => `Pass ${c.name} to ${rightOf(state, player)}`],
  start: ["Place a first dinosaur", (c) => `Place ${c.name}`],
};

function extincionMoveGroups(state, moves) {
  const kind = state.awaiting ? state.awaiting.kind : null;
  const group = {
    play: "Play a card", draw: "Draw", discard: "Discard and draw", rescue: "Rescue",
    respond: "Show a Clever Girl", pass: "Or",
    choose: CHOICES[kind] ? CHOICES[kind][0] : "Choose",
  };
  return grouped(moves.map((move) => ({ group: group[move.type] || "Other",
    label: extincionMoveLabel(state, move), move })));
}

function extincionMoveLabel(state, move) {
  const names = (ids) => ids.map((id) => knownCard(id).name).join(" + ");
  const kind = state.awaiting ? state.awaiting.kind : null;
  switch (move.type) {
    case "play": return playLabel(state, move);
    case "draw": return "Draw up to 3 cards";
    case "discard": return `Discard ${names(move.cards)}, draw ${move.cards.length}`;
    case "rescue":
      return `Rescue environment ${envName(move.environment)} with ${names(move.cards)}`;
    case "respond": return `Show ${knownCard(move.card).name}: avoid it`;
    case "choose": {
      const card = knownCard(move.card);
      return CHOICES[kind] ? CHOICES[kind][1](card, state, move.player) : `Choose ${card.name}`;
    }
    case "pass":
      if (kind === "respond") return "Show nothing: let it happen";
      if (kind === "companion") return "No companion";
      return "Rescue nothing: end the turn";
    default: return titled(move.type);
  }
}

function playLabel(state, move) {
  const card = knownCard(move.card);
  const label = `Play ${card.name}`;
  if (move.swift) return `${label}: draw up to 3 instead (Swift Running Lizard)`;
  const what = ` (${card.bait ? "bait" : dinoNote(card)})`;
  if (typeof move.target === "string") return `${label}${what} on ${move.target}'s hand`;
  if (typeof move.target === "number") {
    return `${label}${what}${card.bait ? " to attract" : " on"} ${dinoOwner(state, move.target)}`;
  }
  return label + what;
}

// What happened -----------------------------------------------------------------------------------

function idiotEvent(e, state) {
  const cards = (list) => (list || []).map(idiotCard).join(" ");
  switch (e.type) {
    case "play":
      if (e.why === "red_four") return `${e.player} plays out ${cards(e.cards)} (red 4)`;
      return `${e.player} plays ${cards(e.cards)}`
        + ({ up: " from the face-up cards", down: " from a face-down card" }[e.from] || "");
    case "draw": return `${e.player} draws ${plural(e.count, "card", "cards")}`;
    case "burn": return `The pile burns (${e.why === "ten" ? "a 10" : "four of a kind"})`;
    case "pickup":
      if (e.why === "ace_on_king") return `An ace on ${e.player}'s king: ${e.player} picks up `
        + `the pile (§13)`;
      if (e.why === "flip") return `The flipped card may not go: ${e.player} picks up the pile`;
      return `${e.player} picks up the pile (${plural(e.cards.length, "card", "cards")})`;
    case "flip": return `${e.player} flips face-down card ${e.row + 1}: ${idiotCard(e.card)}`;
    case "give":
      // A card given face down stays unseen at the table, so the page does not name it.
      return e.face === "up" ? `${e.player} gives ${idiotCard(e.card)} to ${e.to}, face up`
        : `${e.player} gives ${e.to} a card, face down`;
    case "pass": return `${e.player} passes`;
    case "join": return `${e.player} joins the game`;
    case "penalty": return `${e.player} takes a penalty (${words(e.rule)})`;
    case "out": return `${e.player} is out, ${ordinal(e.place)}`;
    case "queens_aside": return `Queens put aside: ${cards(e.cards)} (§27)`;
    case "stalemate": return "Stalemate: the game ends";
    case "game_over": return e.idiot ? `Game over: ${e.idiot} is the idiot` : "Game over";
    case "undo":
      // Nor does taking back a card given face down name it.
      if (e.move.type === "give") return `Undone: ${e.move.player} giving ${e.move.to} a card`;
      return `Undone: ${e.move.player}'s “${idiotMoveLabel(state, e.move)}”`;
    default: return null;
  }
}

function extincionEvent(e, state) {
  const name = (id) => knownCard(id).name;
  switch (e.type) {
    case "turn": return null; // the banner says whose turn it is
    case "stuck": return `${e.player} can take no action`;
    case "played": return `${e.player} plays ${name(e.card)}`;
    case "drew": return `${e.player} draws ${plural(e.count, "card", "cards")}`;
    case "reshuffled":
      return `The Cemetery is shuffled into a new Lost World deck (${e.cards} cards)`;
    case "scavenged": return `${e.player} takes ${name(e.card)} from the Cemetery`;
    case "eliminated": return `${e.from}'s ${name(e.card)} is eliminated`;
    case "robbed": return `${e.player} steals a card from ${e.from}'s hand`;
    case "stolen": return `${e.player} steals ${e.from}'s ${name(e.card)} into hand`;
    case "attracted": return `${e.player}'s bait attracts ${e.from}'s ${name(e.card)}`;
    case "discarded": return `${e.player} discards ${e.cards.map(name).join(", ")}`;
    case "targeted": return `${e.player}'s ${name(e.card)} is aimed at ${e.against}`;
    case "clever_girl":
      return `${e.player} shows a Clever Girl (${name(e.card)}): ${e.against}'s action fails`;
    case "placed": return `${e.player} places ${name(e.card)}`
      + (e.by === "companion" ? " as a companion" : "");
    case "passed":
      if (e.decision === "respond") return `${e.player} shows no Clever Girl`;
      if (e.decision === "companion") return `${e.player} places no companion`;
      return `${e.player} rescues nothing`;
    case "rescued":
      return `${e.player} rescues ${plural(e.cards.length, "dinosaur", "dinosaurs")} in `
        + `${envName(e.environment)}: ${EFFECTS[e.effect] || e.effect}`;
    case "hands_passed": return "Earthquake: every hand passes to the right";
    case "sacrificed": return `Famine: ${e.player} sacrifices ${name(e.card)}`;
    case "epidemic": return e.card === null ? "Epidemic: no card to discard"
      : `Epidemic: ${name(e.card)} (${words(e.diet)}) is discarded`;
    case "sickened": return `${e.player} loses ${name(e.card)} to the epidemic`;
    case "chose": return `${e.player} has chosen a dinosaur for the stampede`;
    case "trampled": return `Stampede: ${e.player}'s ${name(e.card)} goes to ${e.to}`;
    case "extinction":
      return `Extinction! ${e.player} loses hand and territory (counter ${e.counter})`;
    case "revealed": return `On display: ${envName(e.environment)}`;
    case "withered": return `${envName(e.environment)} can never be completed: set aside`;
    case "game_over": return `Game over: ${winnersText(e.winners)}`;
    case "undo":
      return `Undone: ${e.move.player}'s “${extincionMoveLabel(state, e.move)}”`;
    default: return null;
  }
}

// Add the move's events to the log; the log keeps the last few lines, the newest marked.
function logCardEvents(events, before) {
  const line = before.game === "idiot" ? idiotEvent : extincionEvent;
  const log = $("card-news");
  for (const old of log.querySelectorAll(".latest")) old.classList.remove("latest");
  const lines = (events || []).map((e) => [e, line(e, before)]).filter(([, text]) => text);
  lines.forEach(([e, text], i) => log.append(el("li", {
    class: `event latest ${e.type}${i === 0 ? " first" : ""}`, "data-type": e.type, text })));
  while (log.children.length > MOST_LOG_LINES) log.firstElementChild.remove();
}

function clearCardVerdict() {
  const box = $("card-verdict");
  box.className = "verdict";
  delete box.dataset.valid;
  box.replaceChildren();
}

function showCardRefusal(message) {
  const box = $("card-verdict");
  box.className = "verdict refused";
  box.dataset.valid = "refused";
  box.replaceChildren(el("p", { class: "verdict-head", text: "Refused" }),
    el("p", { class: "refusal", text: message }));
}

// Sending moves ----------------------------------------------------------------------------------

// Fetch `player`'s hand and moves; false when someone else is to act by now.
async function loadHand(player) {
  const id = ui.id;
  const path = `/api/games/${encodeURIComponent(id)}`;
  const [view, moves] = await Promise.all([api("GET", `${path}?${query({ player })}`),
    api("GET", `${path}/moves`)]);
  if (id !== ui.id) return false;
  learn(view.state);
  const mine = actor(view.state) === player;
  table.hand = mine ? { player, cards: view.state.hand || [],
    moves: moves.filter((m) => m.player === player) } : null;
  updateCards(view.state);
  return mine;
}

// Run `work` as the page's one request in flight; data-busy lets a test wait for its outcome.
async function busyWith(work) {
  if (ui.busy) return null;
  ui.busy = true;
  $("cardplay").dataset.busy = "true";
  try {
    return await work();
  } finally {
    ui.busy = false;
    delete $("cardplay").dataset.busy;
  }
}

async function showHand() {
  const who = ui.state && actor(ui.state);
  if (!who) return;
  await busyWith(async () => {
    try {
      clearCardVerdict();
      if (await loadHand(who)) ($("moves").querySelector("button") || $("hide-hand")).focus();
    } catch (err) {
      showCardRefusal(`The hand cannot be shown: ${err.message}`);
    }
  });
}

// Send a move (or an undo); show what happened, or why it was refused. The hand stays shown
// while the same player must act again (after a burn, a 2, a rescue to make), otherwise it goes.
async function sendCardMove(verb, body, withToken = false) {
  const id = ui.id;
  const before = ui.state;
  await busyWith(async () => {
    try {
      const data = await api("POST", `/api/games/${encodeURIComponent(id)}/${verb}`, body,
        withToken);
      if (id !== ui.id) return;
      clearCardVerdict();
      learn(data.state);
      logCardEvents(data.events, before);
      const player = table.hand && table.hand.player;
      updateCards(data.state);
      if (player && player === actor(data.state)) await loadHand(player);
    } catch (err) {
      if (id !== ui.id) return;
      showCardRefusal(err.status === 403 ? `${err.message}. Paste it under “Referee token” `
        + "below." : err.message);
      if (err.status === 409) await refresh();
    }
  });
  if (!table.hand && !$("seat").hidden) $("show-hand").focus();
}

function playMove(move) {
  return sendCardMove("move", move);
}

function initCardGame() {
  $("show-hand").addEventListener("click", showHand);
  $("hide-hand").addEventListener("click", () => {
    hideHand();
    if (ui.state) renderSeat(ui.state, actor(ui.state));
    $("show-hand").focus();
  });
  $("card-undo").addEventListener("click", () => sendCardMove("undo", {}, true));
}

// Start ---------------------------------------------------------------------------------------

function init() {
  const names = saved.get("players", []);
  for (let i = 0; i < Math.max(MIN_PLAYERS, names.length); i++) addPlayerField(names[i] || "");
  const lastGame = saved.get("game", "extremis");
  const radio = document.querySelector(`input[name=game][value="${GAMES[lastGame]
    ? lastGame : "extremis"}"]`);
  radio.checked = true;
  syncLanguage();
  WORD_KEYS = $("keys").textContent;

  $("add-player").addEventListener("click", () => {
    const input = addPlayerField();
    if (input) input.focus();
  });
  for (const r of document.querySelectorAll("input[name=game]")) {
    r.addEventListener("change", syncLanguage);
  }
  $("new-game").addEventListener("submit", startGame);
  $("resume").addEventListener("submit", (event) => {
    event.preventDefault();
    const id = $("resume-id").value.trim();
    if (id) location.hash = `game=${encodeURIComponent(id)}`;
  });
  $("answer-form").addEventListener("submit", submitAnswer);
  $("hint").addEventListener("click", hint);
  $("stumped").addEventListener("click", stumped);
  $("tap").addEventListener("click", () => tap());
  $("undo").addEventListener("click", undo);
  $("new").addEventListener("click", newGame);
  initJudge();
  initCardGame();
  $("home").addEventListener("click", (event) => {
    event.preventDefault();
    newGame();
  });
  $("token").addEventListener("change", () => {
    saved.set(`token:${ui.id}`, $("token").value.trim());
    if (ui.state && CARD_GAMES.has(ui.state.game)) renderCardUndo();
    else if (ui.state) renderButtons(ui.state);
  });
  window.addEventListener("hashchange", route);
  // Another phone may have moved meanwhile: look again when the page comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !ui.busy) refresh();
  });

  loadLanguages();
  route();
}

document.addEventListener("DOMContentLoaded", init);
