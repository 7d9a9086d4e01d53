// Live updates: `follow(id, onEvent)` keeps one Server-Sent Events stream on game `id` and calls
// onEvent(data) with every move (data.seq, data.state, data.move, data.events) and with the
// snapshot a fresh stream starts with. A stream that drops is opened again after a backoff
// (0.5 s, doubling to 10 s) from the last move seen (?after=N), so no move is missed or shown
// twice; meanwhile the page's one connection bar (connection.js) says "Reconnecting…".
import { gamePath } from "./api.js";
import { streaming } from "./connection.js";

const FIRST_DELAY = 500;
const LONGEST_DELAY = 10000;

// Follow game `id` live; return a function that stops following.
export function follow(id, onEvent) {
  let last = null;
  let source = null;
  let timer = null;
  let delay = FIRST_DELAY;
  let stopped = false;
  const status = (state) => streaming(state === "live");
  const take = (event) => {
    const data = JSON.parse(event.data);
    if (event.type === "snapshot") {
      // The first one starts the stream; later ones (seats changed) are no move: they never
      // move `last` on, and one older than a move already shown is dropped.
      if (last === null) last = data.seq;
      else if (data.seq < last) return;
    } else if (last !== null && data.seq <= last) {
      return;
    } else {
      last = data.seq;
    }
    onEvent(data);
  };
  const open = () => {
    const after = last === null ? "" : `?after=${last}`;
    source = new EventSource(gamePath(id, "events") + after);
    source.addEventListener("snapshot", take);
    source.addEventListener("message", take);
    source.addEventListener("open", () => {
      delay = FIRST_DELAY;
      status("live");
    });
    source.addEventListener("error", () => {
      source.close();
      if (stopped) return;
      status("reconnecting");
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, LONGEST_DELAY);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (source) source.close();
    status("live");
  };
}
