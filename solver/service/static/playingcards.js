// Extreme Idiot's playing cards as people write them: from the engine's ids ("10h", "jr"), from
// what is typed in ASCII ("ks 5h"), and as faces drawn in the page (a red or black card, a joker).
import { el } from "./dom.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
// Ranks typed in ASCII, as printed: t is a ten, 1 and 14 aces, 11 to 13 the faces.
const RANK_WORDS = { t: "10", 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };

// An engine card id ("10h", "qs", "jr") as people write it ("10♥", "Q♠", "red joker").
export function idiotCard(id) {
  if (id === "jr") return "red joker";
  if (id === "jb") return "black joker";
  return String(id).slice(0, -1).toUpperCase() + (SUITS[String(id).slice(-1)] || "?");
}

// The rank of an engine card id, every joker being one rank.
export const idiotRank = (id) => (id === "jr" || id === "jb" ? "joker" : String(id).slice(0, -1));

// Cards typed in ASCII ("10h jh", "ks") echoed as printed ("10♥ J♥", "K♠"); the rest as typed.
export function prettyCards(text) {
  return text.split(/\s+/).map((token) => {
    const card = /^(10|1[1-4]|[1-9]|[tjqka])([shdc])$/i.exec(token);
    if (!card) return token;
    const rank = card[1].toLowerCase();
    return (RANK_WORDS[rank] || rank.toUpperCase()) + SUITS[card[2].toLowerCase()];
  }).join(" ");
}

// A playing card as the view writes it ("10♥", "red joker", "red joker (as K)").
export function cardFace(text, size = "") {
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

export function cardBack() {
  return el("span", { class: "pcard back", role: "img", "aria-label": "face-down card" });
}
