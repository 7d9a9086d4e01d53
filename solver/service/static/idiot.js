// Extreme Idiot's table, as the card game screen (cardgame.js) asks for it: the banner, the
// pile, each player's table cards, the hand, the moves grouped and worded, and what happened.
// Every export is part of that interface (cardgame.js lists it).
import { badge, el, ordinal, plural, titled, words } from "./dom.js";
import { cardBack, cardFace, idiotCard, idiotRank } from "./playingcards.js";

// Who must move now: the player on turn, until the game is over.
export function actor(state) {
  return state.over ? null : state.turn;
}

// Idiot's views name their cards in full: nothing to remember between them.
export function learn() {}
export function forget() {}

export function banner(state, who) {
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

// The 5s (windows, §5) lying on the card that counts: the last cards of the pile, after it.
function windowsOnTop(state) {
  if (!state.top) return [];
  const counts = state.top.replace(/ \(.*\)$/, "");
  const at = state.pile.lastIndexOf(counts);
  return at < 0 ? [] : state.pile.slice(at + 1);
}

export function centre(state) {
  const top = state.top ? cardFace(state.top, "big")
    : el("span", { class: "pcard big empty", text: "empty" });
  const windows = windowsOnTop(state);
  const counts = [`Draw pile ${state.draw}`, `burned ${state.burned}`];
  if (state.aside.length) counts.push(`put aside ${state.aside.join(" ")}`);
  return [el("div", { class: "pile" },
    el("div", { class: "pile-top" }, el("p", { class: "label",
      text: windows.length ? "The card to play on" : "Top of the pile" }), top),
    el("div", { class: "pile-facts" },
      windows.length ? el("p", { class: "window", text: `${windows.join(" ")} on top: a 5 is `
        + `a window (§5), so the next play goes on the ${state.top} under it.` }) : null,
      state.asks ? el("p", { class: "asks" }, el("strong", { text: "Next play: " }), state.asks)
        : null,
      el("p", { class: "label", id: "pile-label",
        text: `The pile, bottom to top: ${plural(state.pile.length, "card", "cards")}` }),
      el("div", { class: "pile-cards", role: "group", "aria-labelledby": "pile-label" },
        state.pile.map((c) => cardFace(c, "small"))),
      el("p", { class: "counts", text: counts.join(" · ") })))];
}

export function seats(state, who) {
  return state.players.map((p) => {
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
  });
}

export function hand(cards) {
  return cards.map((c) => cardFace(c));
}

// Moves -----------------------------------------------------------------------------------------

// Cards of one rank are the usual play; several ranks are a ladder (§8) or the cards that
// answer 9s (§9), and a big hand allows hundreds of ladders: they get a group of their own.
function playGroup(state, move, from) {
  if (new Set(move.cards.map(idiotRank)).size === 1) return `Play from your ${from}`;
  return state.asks && state.asks.includes("at once") ? "Answer the 9s" : "Ladders (§8)";
}

// `player`'s moves, each with the title of its group and its button's label.
export function moveItems(state, moves, player) {
  const me = state.players.find((p) => p.name === player) || { hand: 0, up: [] };
  const from = me.hand ? "hand" : me.up.some(Boolean) ? "face-up cards" : "face-down cards";
  return moves.map((move) => {
    switch (move.type) {
      case "play":
        return { group: playGroup(state, move, from), label: moveLabel(state, move), move };
      case "flip":
        return { group: "Flip a face-down card", label: moveLabel(state, move), move };
      case "give":
        return { group: "Give a card (black 4)", label: moveLabel(state, move), move };
      case "play_out":
        return { group: "Play out a face-up card (red 4)", label: moveLabel(state, move),
          move };
      default:
        return { group: "Or", label: moveLabel(state, move), move };
    }
  });
}

function moveLabel(state, move) {
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

// What happened ---------------------------------------------------------------------------------

// One line for event `e` of a move made on `state`; null for what the table shows anyway.
export function eventLine(e, state) {
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
      return `Undone: ${e.move.player}'s “${moveLabel(state, e.move)}”`;
    default: return null;
  }
}
