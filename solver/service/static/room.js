// The phone's page at /join/CODE: take a seat at the game with that join code, keep its seat
// token on this phone, then play from the seat with the table live: a word game's answer box
// and Tap, the winner's choice of card; a card player's own hand and legal moves, which the
// referee sends to this seat's token only. The table's page (index.html) is the shared screen.
import { api, gamePath } from "./api.js";
import { $, clearVerdict, el, reasonList, showRefusal, titled, upper } from "./dom.js";
import { follow } from "./live.js";
import { saved } from "./state.js";

const WORD_GAMES = ["extremis", "redyellow"];
const code = decodeURIComponent(location.pathname.split("/").pop() || "").toUpperCase();
let seat = null; // {id, seat, token}, as the referee gave it
let state = null; // the public state, as the last event showed it
let busy = false;

const call = (method, path, body) => api(method, path, body, false,
  { "X-Seat-Token": seat.token });

// Joining ----------------------------------------------------------------------------------------

function joinError(text) {
  $("join-error").hidden = !text;
  $("join-error").textContent = text || "";
}

async function showJoin(message = "") {
  $("join").hidden = false;
  $("phone").hidden = true;
  $("title").textContent = `Game ${code}`;
  let room;
  try {
    room = await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
  } catch (err) {
    $("join-form").hidden = true;
    joinError(err.status === 404 ? `No game has the code ${code}.` : err.message);
    return;
  }
  $("join-heading").textContent = `Join ${room.title}`;
  $("watch").href = `/#game=${encodeURIComponent(room.id)}`;
  // Seats the creator named are tapped; seats left open ("Player 2") take the name typed.
  const named = room.seats.filter((s) => !s.open);
  $("free-seats").replaceChildren(...named.map((s) => el("button", {
    type: "button", class: "who-button", "data-seat": s.name, disabled: s.taken,
    text: s.taken ? `${s.name} (taken)` : s.name, onclick: () => join(s.name) })));
  $("seats-heading").hidden = named.length === 0;
  joinError(message);
}

async function join(name) {
  try {
    seat = await api("POST", `/api/rooms/${encodeURIComponent(code)}/join`,
      name ? { name } : {});
  } catch (err) {
    joinError(err.message);
    return;
  }
  saved.set(`seat:${code}`, seat);
  play();
}

// Playing ----------------------------------------------------------------------------------------

function play() {
  $("join").hidden = true;
  $("phone").hidden = false;
  $("me").textContent = `You are ${seat.seat}`;
  $("phone").dataset.seat = seat.seat;
  follow(seat.id, (data) => {
    state = data.state;
    draw(data);
  });
}

function isWordGame() {
  return state && WORD_GAMES.includes(state.game);
}

function draw(data) {
  $("title").textContent = `Game ${code} · ${seat.seat}`;
  $("phone").dataset.seq = data.seq;
  if (isWordGame()) drawWords(data);
  else drawCards();
  drawNews(data.events || []);
}

function card(kind, text) {
  return el("span", { class: `phone-card phone-${kind}`, "data-kind": kind, text });
}

function drawWords() {
  const c = state.cards || {};
  const letters = (s) => [...(s || "")].map(upper).join(" ");
  $("phone-cards").replaceChildren(...(state.game === "extremis"
    ? [card("initial", upper(c.initial || "")), c.green && card("green", letters(c.green)),
      c.red && card("red", letters(c.red))]
    : [card("thing", c.thing || ""), card("yellow", upper(c.yellow || "")),
      card("red", upper(c.red || ""))]).filter(Boolean));
  const over = state.status === "over";
  const banner = over ? `Game over: ${(state.winners || []).join(", ")} won`
    : state.status === "tap" ? "Tap first!"
      : state.status === "choose" ? `${state.chooser} wins the round and takes a card`
        : `Round ${state.round}`;
  $("phone-banner").textContent = banner;
  $("phone-banner").dataset.status = state.status;
  $("phone-answer").hidden = over || state.status === "choose";
  $("phone-tap").hidden = state.status !== "tap";
  const choosing = state.status === "choose" && state.chooser === seat.seat;
  $("phone-take").hidden = !choosing;
  $("phone-take").replaceChildren(...(choosing ? ["red", "yellow", "thing"].map((kind) =>
    el("button", { type: "button", class: `take take-${kind}`, "data-card": kind,
      text: `Take the ${kind} card`, onclick: () => send("take", { player: seat.seat,
        card: kind }) })) : []));
  $("phone-players").replaceChildren(...state.players.map((p) => el("li", {
    "data-player": p.name, text: `${p.name}: ${p.cards} card${p.cards === 1 ? "" : "s"}` })));
}

async function drawCards() {
  $("phone-answer").hidden = true;
  $("phone-tap").hidden = true;
  $("phone-take").hidden = true;
  $("phone-cards").replaceChildren();
  const turn = state.to_act || state.turn;
  $("phone-banner").textContent = state.over || state.phase === "over" ? "Game over"
    : turn === seat.seat ? "Your turn" : `${turn} to play`;
  const names = (state.players || []).map((p) => (typeof p === "string" ? p : p.name));
  $("phone-players").replaceChildren(...names.map((name) => el("li", {
    "data-player": name, text: name === seat.seat ? `${name} (you)` : name })));
  let view;
  let moves;
  try {
    [view, moves] = await Promise.all([
      call("GET", `${gamePath(seat.id)}?player=${encodeURIComponent(seat.seat)}`),
      call("GET", gamePath(seat.id, "moves"))]);
  } catch (err) {
    showRefusal($("phone-verdict"), err.message);
    return;
  }
  const hand = view.state.hand || [];
  const label = (c) => (typeof c === "object" && c ? c.name : String(c));
  $("phone-hand-box").hidden = false;
  $("phone-hand").replaceChildren(...hand.map((c) => el("li", {
    class: "phone-hand-card", text: label(c) })));
  // Extreme Idiot: the cards this seat gave face down, known to it alone (docs/public.md).
  const given = view.state.given || [];
  $("phone-given").hidden = !given.length;
  $("phone-given").textContent = given.length ? "You gave face down: "
    + given.map((g) => `${g.card} to ${g.to} (row ${g.row + 1})`).join(", ") : "";
  const byId = new Map(hand.filter((c) => typeof c === "object").map((c) => [c.id, c.name]));
  const describe = (m) => {
    const cards = m.cards ? m.cards.map((c) => byId.get(c) || c).join(" ") : "";
    const one = m.card !== undefined ? byId.get(m.card) || m.card : "";
    const target = m.target !== undefined ? ` on ${byId.get(m.target) || m.target}` : "";
    return `${titled(m.type)} ${cards}${one}${target}${m.to ? ` to ${m.to}` : ""}`.trim();
  };
  $("phone-moves").replaceChildren(...moves.map((m) => el("button", {
    type: "button", class: "move", text: describe(m), "data-move": JSON.stringify(m),
    onclick: () => send("move", m) })));
}

function drawNews(events) {
  const lines = events.map((e) => {
    if (e.type === "verdict") {
      return `${e.player}: ${e.answer}, ${e.valid ? "valid" : "not valid"}`;
    }
    return e.player ? `${e.player}: ${titled(e.type)}` : titled(e.type);
  });
  if (lines.length) {
    $("phone-news").replaceChildren(...lines.map((text) => el("li", { text })));
  }
}

// Send a move from this seat; what the referee says goes to this phone at once.
async function send(verb, body) {
  if (busy) return null;
  busy = true;
  $("phone").dataset.busy = "true";
  const box = $("phone-verdict");
  try {
    const outcome = await call("POST", gamePath(seat.id, verb), body);
    const verdict = outcome.verdict;
    if (verdict) {
      box.className = `verdict ${verdict.valid ? "valid" : "invalid"}`;
      box.dataset.valid = String(verdict.valid);
      box.replaceChildren(el("p", { class: "verdict-head",
        text: verdict.valid ? `${body.answer}: valid!` : `${body.answer}: not valid` }),
      reasonList(verdict.reasons) || "");
    } else {
      clearVerdict(box);
    }
    return outcome;
  } catch (err) {
    showRefusal(box, err.message);
    return null;
  } finally {
    busy = false;
    delete $("phone").dataset.busy;
  }
}

function init() {
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    if (!name) joinError("Type your name, or tap a seat.");
    else join(name);
  });
  $("phone-answer").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("phone-text").value.trim();
    if (!text || !state) return;
    if (await send("answer", { player: seat.seat, answer: text, round: state.round })) {
      $("phone-text").value = "";
    }
  });
  $("phone-tap").addEventListener("click", () => send("tap", { player: seat.seat }));
  // A seat handed over from the shared screen (tableroom.js): the link's fragment holds it.
  const handed = new URLSearchParams(location.hash.slice(1));
  if (handed.get("token")) {
    saved.set(`seat:${code}`, { id: handed.get("id"), seat: handed.get("seat"),
      token: handed.get("token") });
    history.replaceState(null, "", location.pathname); // the token leaves the address bar
  }
  const kept = saved.get(`seat:${code}`, null);
  if (kept && kept.token) {
    seat = kept;
    play();
  } else {
    showJoin();
  }
}

init();
