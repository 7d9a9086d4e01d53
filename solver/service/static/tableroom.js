// The shared screen's room: the join code, link and QR code of the game on the table, who has
// taken a seat (each with a button that hands the seat to a new phone, by the referee token),
// and the live stream that redraws the table whenever any phone moves.
// main.js calls openRoom(id, draw, section) each time it shows a game.
import { api, gamePath } from "./api.js";
import { el } from "./dom.js";
import { follow } from "./live.js";
import { ui } from "./state.js";

let stop = null;
let shown = null;

function seatsLine(seats) {
  const taken = (seats || []).filter((s) => s.taken).map((s) => s.name);
  return taken.length ? `On their phones: ${taken.join(", ")}` : "No phone has joined yet";
}

// A button per taken seat: a lost phone's seat gets a new token (the old phone's stops
// working), carried to the new phone by a link whose fragment holds it (never sent to a server).
function reseatButtons(seats, room) {
  const box = document.getElementById("room-reseat");
  if (!box) return;
  const taken = (seats || []).filter((s) => s.taken);
  box.replaceChildren(...taken.map((s) => el("button", {
    type: "button", class: "reseat", "data-seat": s.name, text: `New phone for ${s.name}`,
    onclick: () => reseat(s.name, room) })));
}

async function reseat(name, room) {
  const out = document.getElementById("room-handover");
  try {
    const seat = await api("POST", `/api/rooms/${encodeURIComponent(room.code)}/join`,
      { name }, true);
    const hand = new URLSearchParams({ id: seat.id, seat: seat.seat, token: seat.token });
    const link = new URL(`${room.join}#${hand}`, location.href).href;
    out.replaceChildren(`Open this on ${seat.seat}'s new phone (once; it holds the seat): `,
      el("a", { id: "handover-link", href: link, target: "_blank", text: link }));
  } catch (err) {
    out.textContent = `The seat could not be handed over: ${err.message}`;
  }
}

// The code in the page's header, where it takes no room from the cards.
function chip(code) {
  let node = document.getElementById("room-chip");
  if (!node) {
    node = el("a", { id: "room-chip", class: "room-chip", href: "#room" });
    document.querySelector("header.top").append(node);
  }
  node.hidden = !code;
  node.textContent = code ? `Join: ${code}` : "";
}

// Show game `id`'s room at the end of `section` (the cards keep the top of the screen) and
// redraw the table with `draw(state)` on every move.
export async function openRoom(id, draw, section) {
  const panel = document.getElementById("room") || el("aside", {
    id: "room", class: "room", "aria-label": "Join on a phone" });
  section.append(panel);
  if (shown === id) return;
  if (stop) stop();
  shown = id;
  panel.replaceChildren();
  chip("");
  stop = follow(id, (data) => {
    if (shown !== id) return;
    const line = document.getElementById("room-seats");
    if (data.seats && line) line.textContent = seatsLine(data.seats);
    if (data.seats && room) reseatButtons(data.seats, room);
    // A move this screen made itself is drawn already: drawing it again would move the
    // keyboard's focus off the button that made it.
    if (data.state && JSON.stringify(data.state) !== JSON.stringify(ui.state)) draw(data.state);
  });
  let room = null;
  try {
    room = await api("GET", gamePath(id, "room"));
  } catch {
    return; // an older game or server: the table still plays, without phones
  }
  if (shown !== id) return;
  const link = new URL(room.join, location.href).href;
  chip(room.code);
  const qr = el("div", { class: "room-qr", "aria-hidden": "true" });
  // The SVG is drawn by the server from the link (segno): it holds no text a player typed.
  qr.innerHTML = room.qr;
  panel.replaceChildren(qr, el("div", { class: "room-text" },
    el("p", { class: "room-head", text: "Join on your phone with the code" }),
    el("p", { id: "room-code", class: "room-code", text: room.code }),
    el("p", {}, el("a", { id: "room-link", href: link, target: "_blank", text: link })),
    el("p", { id: "room-seats", class: "room-seats", text: seatsLine(room.seats) }),
    el("div", { id: "room-reseat", class: "room-reseat" }),
    el("p", { id: "room-handover", class: "room-handover", role: "status" })));
  reseatButtons(room.seats, room);
}

// Leave the room shown (the page went back to the setup screen).
export function closeRoom() {
  if (stop) stop();
  stop = null;
  shown = null;
  const panel = document.getElementById("room");
  if (panel) panel.remove();
  chip("");
}
