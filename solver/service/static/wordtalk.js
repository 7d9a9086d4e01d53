// What the referee says in the word games, in the table's words: one line per event of a move
// (as the terminal version words them), what an undo took back, and the verdict box's parts.
import { el, plural, reasonList, upper } from "./dom.js";

const card = (l) => upper(l || "");
const said = (move) => move.word || move.answer;

// What an undo took back, from the move it names.
export function undoLine(move = {}) {
  switch (move.type) {
    case "answer": return `Undone: ${move.player}'s answer “${said(move)}”`;
    case "stumped": return "Undone: the stumped call (the cards are back as they were)";
    case "tap": return `Undone: ${move.player}'s tap`;
    case "take": return `Undone: ${move.player} taking the ${move.card} card`;
    case "overrule":
      return `Undone: the table's vote to ${move.accept ? "accept" : "reject"} the last answer`;
    case "check":
      return `Undone: the stumped check ${move.show ? "shown to" : "hidden from"} the table`;
    default: return `Undone: ${move.type || "the last move"}`;
  }
}

// What a stumped call found: how many answers there were, with a few.
export function stumpedLine(e) {
  if (e.status === "unknown_category") return "wordref does not know that Thing";
  if (!e.count) return "There was no answer";
  return `There ${e.count === 1 ? "was 1 answer" : `were ${e.count.toLocaleString("en")} `
    + "answers"}, such as ${(e.examples || []).join(", ")}`;
}

// One line per event; null for what the page shows anyway.
export function eventLine(e) {
  switch (e.type) {
    case "claim":
      return `${e.player} claims ${plural(e.cards, "card", "cards")}`
        + (e.by === "tap" ? " with a tap" : e.by === "overrule" ? " (the table accepted)" : "");
    case "stumped": return stumpedLine(e);
    case "flip": return `${e.player}'s card flips to ${e.shows} ${card(e.letter)}`;
    case "new_layer": return "Everyone plays the next card of their hand";
    case "initial_from_hand":
      return `The draw pile is empty: ${e.player} plays the initial from hand`;
    case "take":
      return `${e.player} takes the ${e.card} card `
        + `(${e.card === "thing" ? e.value : card(e.value)})`;
    case "won": return `${e.player} wins the round`;
    case "redraw_red": return `The red ${card(e.letter)} equals the yellow: it goes back`;
    case "things_refilled": return "The Things deck is refilled";
    case "overrule": return `The table ${e.accept ? "accepts" : "rejects"} “${said(e)}”`;
    case "round_taken_back": return "The round is taken back";
    case "check":
      return `The stumped check is ${e.show ? "shown to" : "hidden from"} the table`;
    case "undo": return undoLine(e.move);
    case "over": return `Game over: ${e.why}`;
    default: return null; // verdict, cards, tap_on: on screen already
  }
}

// The parts of the verdict on `player`'s answer; `fill(word)` puts a suggestion in the answer
// box, `overrule` is the buttons' row (or null once the game is over).
export function verdictParts(verdict, player, kind, fill, overrule) {
  const head = { valid: "Valid", invalid: "Invalid", undecided: "The table decides" }[kind];
  const parts = [
    el("p", { class: "verdict-head", text: head }),
    el("p", { class: "verdict-answer" }, `${player}: `, el("q", { text: verdict.answer })),
    reasonList(verdict.reasons),
  ];
  if (verdict.suggestions && verdict.suggestions.length) {
    // A suggestion fills the answer box: the player still has to say it and submit it.
    const words = verdict.suggestions.map((word) => el("button", { type: "button",
      class: "suggestion", onclick: () => fill(word) }, word));
    parts.push(el("p", { class: "suggestions" }, "Did you mean ", ...words, "?"));
  }
  for (const extra of [verdict.definition, verdict.house, verdict.note]) {
    if (typeof extra === "string") parts.push(el("p", { class: "definition", text: extra }));
  }
  parts.push(overrule);
  return parts.filter(Boolean);
}
