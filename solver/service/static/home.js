// The setup screen: which game, who plays, which language and house rules; starting a game,
// resuming one by its id, and the recent games kept on this phone.
import { api } from "./api.js";
import { $, el, showTitle, showView } from "./dom.js";
import { gameChoices, gameName, isCardGame } from "./games.js";
import { saved, ui } from "./state.js";

// Offered when /api/lexicons cannot be read, so a game can still start.
const FALLBACK_LANGS = [{ code: "en", name: "English" }];
// Red Letter, Yellow Letter has English Things only.
const ENGLISH_ONLY = new Set(["redyellow"]);
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 12;

// Players ---------------------------------------------------------------------------------------

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

// Game, language and house rules -----------------------------------------------------------------

function chosenGame() {
  return document.querySelector("input[name=game]:checked").value;
}

// Some games are played in English only; the card games have no words at all, and each has
// house rules of its own.
function syncLanguage() {
  const game = chosenGame();
  const select = $("lang");
  const englishOnly = ENGLISH_ONLY.has(game);
  if (englishOnly) select.value = "en";
  select.disabled = englishOnly;
  $("lang-note").textContent = englishOnly ? `${gameName(game)} is played in English` : "";
  $("lang-field").hidden = isCardGame(game);
  for (const field of document.querySelectorAll("[data-for]")) {
    field.hidden = !forGame(field, game);
  }
}

// Whether a field of the form is for `game` (data-for: the games it is for, space-separated).
const forGame = (field, game) => field.dataset.for.split(" ").includes(game);

// The options of a game: each house rule or setting ticked among those shown for it carries
// its options as JSON (data-options in index.html).
function gameOptions(game) {
  const options = {};
  for (const tick of document.querySelectorAll("[data-for] input[data-options]")) {
    if (tick.checked && forGame(tick.closest("[data-for]"), game)) {
      Object.assign(options, JSON.parse(tick.dataset.options));
    }
  }
  return options;
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

// The table's own Things (Red Letter, Yellow Letter) --------------------------------------------

// A pack is read by the server (POST /api/games takes its YAML text as `categories`); its
// mistakes come back as one line naming "the table's categories", shown beside the field.
const PACK_ERROR = /^(the table's categories|categories)\b/i;
const MAX_PACK = 100_000; // characters, as the server takes them

function packError(message) {
  const box = $("categories-error");
  box.textContent = message;
  box.hidden = !message;
  $("categories").setAttribute("aria-invalid", message ? "true" : "false");
}

async function readPackFile() {
  const file = $("categories-file").files[0];
  if (!file) return;
  if (file.size > MAX_PACK) {
    packError(`${file.name} is larger than ${MAX_PACK.toLocaleString("en")} characters.`);
    return;
  }
  try {
    $("categories").value = await file.text();
    packError("");
  } catch {
    packError(`${file.name} could not be read.`);
  }
  $("categories-file").value = "";
}

// Starting and resuming ------------------------------------------------------------------------

function setupError(message) {
  const box = $("setup-error");
  box.textContent = message;
  box.hidden = !message;
}

// Start the game the form describes; `started(id, state)` shows it.
async function startGame(event, started) {
  event.preventDefault();
  const inputs = [...$("player-list").querySelectorAll("input")];
  // A seat left without a name stays open as "Player N": a phone that joins names it.
  const players = inputs.map((i, n) => i.value.trim() || `Player ${n + 1}`);
  if (new Set(players.map((p) => p.toLowerCase())).size !== players.length) {
    setupError("Each player needs a different name.");
    return;
  }
  const game = chosenGame();
  const body = isCardGame(game) ? { game, players, options: gameOptions(game) }
    : { game, players, lang: $("lang").value, options: gameOptions(game) };
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d{1,15}$/.test(seed)) {
      setupError("The shuffle number is a whole number, 0 or more.");
      $("seed").focus();
      return;
    }
    body.seed = Number(seed);
  }
  const pack = game === "redyellow" ? $("categories").value : "";
  if (pack.trim()) {
    if (pack.length > MAX_PACK) {
      packError(`Your own Things are longer than ${MAX_PACK.toLocaleString("en")} characters.`);
      $("categories").focus();
      return;
    }
    body.categories = pack;
  }
  packError("");
  setupError("");
  $("start").disabled = true;
  try {
    const data = await api("POST", "/api/games", body);
    saved.set(`token:${data.id}`, data.token);
    saved.set("players", inputs.map((i) => i.value.trim()));
    saved.set("game", body.game);
    if (body.lang && !ENGLISH_ONLY.has(body.game)) saved.set("lang", body.lang);
    started(data.id, data.state);
    location.hash = `game=${encodeURIComponent(data.id)}`;
  } catch (err) {
    if (body.categories && PACK_ERROR.test(err.message)) {
      packError(err.message.replace(/\s+/g, " "));
      $("categories").focus();
    } else {
      setupError(`The game could not start: ${err.message}`);
    }
  } finally {
    $("start").disabled = false;
  }
}

// Recent games on this phone, to resume them with one tap. Extreme Idiot's view lists players
// as objects, ¡Extinción!'s as names.
export function remember(id, state) {
  const players = (state.players || []).map((p) => (typeof p === "string" ? p : p.name));
  const recent = saved.get("recent", []).filter((g) => g && g.id !== id);
  recent.unshift({ id, game: state.game, players, at: Date.now() });
  saved.set("recent", recent.slice(0, 8));
}

function renderRecent() {
  const items = saved.get("recent", []).filter((g) => g && typeof g.id === "string");
  $("recent").replaceChildren(...items.map((g) => el("li", {},
    el("a", { href: `#game=${encodeURIComponent(g.id)}` },
      `${gameName(g.game) || g.game}: ${(g.players || []).join(", ")}`),
    el("span", { class: "note", text: ` ${new Date(g.at).toLocaleString()}` }))));
}

export function showSetup(message = "") {
  ui.id = null;
  ui.state = null;
  showView("setup");
  showTitle("", "wordref: the referee");
  renderRecent();
  setupError(message);
}

// Leave the game shown for the setup screen (the "New game" buttons).
export function newGame() {
  history.pushState(null, "", location.pathname);
  showSetup();
  const first = $("player-list").querySelector("input");
  if (first) first.focus();
}

// Fill the form from what this phone used last; `started(id, state)` shows a started game.
export function initHome(started) {
  const names = saved.get("players", []);
  for (let i = 0; i < Math.max(MIN_PLAYERS, names.length); i++) addPlayerField(names[i] || "");
  // The last game played here, else the server's first.
  const choices = gameChoices();
  const last = choices.find((r) => r.value === saved.get("game", null)) || choices[0];
  if (last) last.checked = true;
  syncLanguage();

  $("add-player").addEventListener("click", () => {
    const input = addPlayerField();
    if (input) input.focus();
  });
  for (const r of choices) r.addEventListener("change", syncLanguage);
  $("categories-file").addEventListener("change", readPackFile);
  $("categories").addEventListener("input", () => packError(""));
  $("new-game").addEventListener("submit", (event) => startGame(event, started));
  $("resume").addEventListener("submit", (event) => {
    event.preventDefault();
    const id = $("resume-id").value.trim();
    if (id) location.hash = `game=${encodeURIComponent(id)}`;
  });
  loadLanguages();
}
