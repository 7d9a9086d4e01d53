// Talking to the referee: `api()` calls the HTTP API and turns a 4xx or 5xx into an ApiError
// carrying the server's message (status 0: no answer at all, which connection.js then watches);
// the helpers name a game's paths and word a refused move.
import { lost, reached } from "./connection.js";
import { showRefusal } from "./dom.js";
import { token, ui } from "./state.js";

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// Call the API; a 4xx or 5xx becomes an ApiError carrying the server's "error" message.
// `extra` adds headers (a phone's X-Seat-Token).
export async function api(method, path, body, withToken = false, extra = {}) {
  const headers = { ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (withToken && token()) headers["X-Referee-Token"] = token();
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    lost();
    throw new ApiError("the referee cannot be reached: the server does not answer, so nothing "
      + "was sent", 0);
  }
  reached();
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

export function query(params) {
  return new URLSearchParams(params).toString();
}

// The path of game `id`, or of one of its verbs ("answer", "moves", ...).
export function gamePath(id, verb = "") {
  return `/api/games/${encodeURIComponent(id)}${verb ? `/${verb}` : ""}`;
}

// Send a move (or an undo, an overrule) to game `id`.
export function postMove(id, verb, body, withToken = false) {
  return api("POST", gamePath(id, verb), body, withToken);
}

// Why a move was refused, as the table reads it: a missing token says where to paste one.
export function refusalMessage(err) {
  return err.status === 403 ? `${err.message}. Paste it under “Referee token” below.`
    : err.message;
}

// Say in `box` why a move did not go through: refused by the referee, or never sent.
export function showFailure(box, err) {
  showRefusal(box, refusalMessage(err), err.status === 0 ? "Not sent" : "Refused");
}

// Fetch the game in front of the page again and draw it with `draw`.
export async function refresh(draw) {
  if (!ui.id) return;
  try {
    const data = await api("GET", gamePath(ui.id));
    if (data.state) draw(data.state);
  } catch {
    // Keep the table as it was; the next move will say what is wrong.
  }
}
