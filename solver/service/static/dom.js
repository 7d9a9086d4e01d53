// Building the page: `el` makes elements, the text helpers write letters, counts and names as
// the table says them, and the view helpers switch screens and fill the verdict boxes.
//
// Names and answers are typed by the players, so they are untrusted: every piece of text reaches
// the page through textContent or text nodes, never through HTML.

export const $ = (id) => document.getElementById(id);

// Build an element: props are attributes, "text" (set as textContent) or on<event> handlers;
// children are nodes or strings (appended as text nodes).
export function el(tag, props = {}, ...children) {
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

// Text -----------------------------------------------------------------------------------------

// A letter as printed on a card. "ß".toUpperCase() is "SS", two letters: use the capital sharp s.
export function upper(letter) {
  return letter === "ß" ? "ẞ" : letter.toUpperCase();
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

export function ordinal(n) {
  return ["1st", "2nd", "3rd"][n - 1] || `${n}th`;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// An engine's snake_case name ("clever_girl") as words, and as a title ("Clever Girl").
export const words = (name) => String(name || "").replace(/_/g, " ");
export const titled = (name) => words(name).replace(/\b\w/g, (c) => c.toUpperCase());

export function badge(text, kind) {
  return el("span", { class: `badge ${kind}`, text });
}

// Views ----------------------------------------------------------------------------------------

// Show one of the page's views (setup, judge, play, cardplay) and hide the others.
export function showView(name) {
  for (const view of ["setup", "judge", "play", "cardplay"]) $(view).hidden = view !== name;
  $("foot").hidden = name !== "play" && name !== "cardplay";
}

// The heading over the view, and the browser tab's title.
export function showTitle(heading, tab = `${heading} · wordref`) {
  $("title").textContent = heading;
  document.title = tab;
}

// Undo needs the referee token: without one the button is off and says why.
export function syncUndo(button, hasToken) {
  button.disabled = !hasToken;
  button.title = hasToken ? "" : "Undo needs the referee token (see the bottom of the page)";
}

// Verdict boxes ---------------------------------------------------------------------------------

// The live regions stay in the page (empty, they take no room) so screen readers keep
// announcing what is put in them.
export function clearVerdict(box) {
  box.className = "verdict";
  delete box.dataset.valid;
  box.replaceChildren();
}

// Say in `box` that the referee refused what was sent, and why.
export function showRefusal(box, message, head = "Refused") {
  box.className = "verdict refused";
  box.dataset.valid = "refused";
  box.replaceChildren(el("p", { class: "verdict-head", text: head }),
    el("p", { class: "refusal", text: message }));
}

// The reasons of a verdict, one item each with its code; null when there are none.
export function reasonList(reasons) {
  if (!reasons || !reasons.length) return null;
  return el("ul", { class: "reasons" }, reasons.map((r) => el("li", {
    "data-code": r.code, text: r.message })));
}
