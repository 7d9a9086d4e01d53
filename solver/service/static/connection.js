// Whether the referee answers. A request that cannot reach the server turns on the bar at the
// top ("cannot reach the referee, trying again in 4 s"); /healthz is asked again after 2, 4, 8,
// then every 15 seconds (or at once, with "Try now", or when the phone says it is online); once
// it answers the bar says so for a moment and the page fetches its game again. What was typed
// stays where it was: nothing is sent again without the table pressing the button again.
// The same bar says "Reconnecting…" while a live stream (live.js) is down and the referee is
// not known to be gone: one bar, never two.
import { el } from "./dom.js";

const WAITS = [2, 4, 8, 15];
const BACK_SHOWN_MS = 4000;

let down = false;
let attempt = 0;
let due = 0; // when the next check runs (Date.now() milliseconds)
let timer = null;
let onBack = () => {};
let streamDown = false; // a live stream is reconnecting
let backShown = false; // "Connected to the referee again" is on show

// The bar: the page's #connection, or one made at the top of a page without it.
function bar() {
  let node = document.getElementById("connection");
  if (!node) {
    node = el("div", { id: "connection", class: "connection", role: "status",
      "aria-live": "polite", hidden: true });
    document.body.prepend(node);
  }
  return node;
}

// `kind`: "down" (with "Try now"), "back" or "live" (a stream reconnecting).
function render(message, kind = "down") {
  const node = bar();
  node.hidden = !message;
  node.className = `connection${kind === "down" ? "" : ` ${kind}`}`;
  const parts = message ? [el("p", { text: message })] : [];
  if (message && kind === "down") {
    parts.push(el("button", { type: "button", id: "retry", onclick: check }, "Try now"));
  }
  node.replaceChildren(...parts); // (a null among them would show as the text "null")
}

// What the bar says when the referee answers: nothing, or that a stream is reconnecting.
function settled() {
  render(streamDown ? "Reconnecting…" : "", "live");
}

function tick() {
  clearTimeout(timer);
  if (!down) return;
  const left = Math.max(0, Math.ceil((due - Date.now()) / 1000));
  if (left === 0) {
    check();
    return;
  }
  const text = bar().querySelector("p");
  const message = `Cannot reach the referee: the server at ${location.host} does not answer. `
    + `Trying again in ${left} s. What you typed is kept; send it again once it is back.`;
  if (!text) render(message);
  else text.textContent = message;
  timer = setTimeout(tick, 1000);
}

function schedule() {
  due = Date.now() + WAITS[Math.min(attempt, WAITS.length - 1)] * 1000;
  tick();
}

async function check() {
  clearTimeout(timer);
  try {
    const response = await fetch("/healthz", { cache: "no-store" });
    if (response.ok) {
      reached();
      return;
    }
  } catch {
    // Still down: wait longer.
  }
  attempt += 1;
  down = true;
  schedule();
}

// A request failed without an answer: say so, and start checking.
export function lost() {
  if (down) return;
  down = true;
  attempt = 0;
  schedule();
}

// A request was answered: if the page thought the referee was gone, it is back.
export function reached() {
  if (!down) return;
  down = false;
  clearTimeout(timer);
  render("Connected to the referee again.", "back");
  backShown = true;
  timer = setTimeout(() => {
    backShown = false;
    settled();
  }, BACK_SHOWN_MS);
  onBack();
}

// A live stream dropped (`open` false) or is open again (true).
export function streaming(open) {
  streamDown = !open;
  document.body.dataset.live = open ? "live" : "reconnecting";
  if (!down && !backShown) settled();
}

export const isDown = () => down;

// `back()` runs each time the referee answers again after it was gone.
export function initConnection(back) {
  onBack = back;
  window.addEventListener("offline", lost);
  window.addEventListener("online", () => {
    if (down) check();
  });
}
