// The word games' cards as the page draws them: In Extremis's letters (the initial, the greens,
// the reds) and Red Letter, Yellow Letter's Thing, yellow and red. Full size on the table, and
// small beside a verdict, to show the cards that verdict judged once the table has new ones.
import { el, upper } from "./dom.js";

// What each colour means; a flipped card keeps its meaning and shows its owner apart.
const CAPTIONS = { initial: "initial", green: "with", red: "without", yellow: "starts with" };

function letterCard(letter, kind, label, owner = null) {
  const colour = kind.split(" ").at(-1);
  return el("div", { class: `card ${kind}${owner ? " flipped" : ""}`, role: "img",
    "aria-label": owner ? `${label}, ${owner}'s card, just flipped` : label },
  owner ? el("span", { class: "card-owner", "aria-hidden": "true", text: `${owner} ↻` }) : null,
  el("span", { class: "card-letter", "aria-hidden": "true", text: upper(letter) }),
  el("span", { class: "card-caption", "aria-hidden": "true",
    text: kind.includes("initial") ? CAPTIONS.initial : CAPTIONS[colour] }));
}

// The cards of `state` as nodes; `flip` ({letter, shows, player}) marks the card that just
// turned (the last card of that colour and letter: flips turn the newest cards first).
export function cardNodes(state, flip = null) {
  const cards = state.cards;
  if (!cards) return [];
  if (state.game !== "extremis") {
    return [
      el("div", { class: "card thing", role: "img", "aria-label": `Thing: ${cards.thing}` },
        el("span", { class: "card-caption", "aria-hidden": "true", text: "Thing" }),
        el("span", { class: "card-text", "aria-hidden": "true", text: cards.thing })),
      letterCard(cards.yellow, "yellow", `yellow ${upper(cards.yellow)}, starts with`),
      letterCard(cards.red, "red", `red ${upper(cards.red)}, without`),
    ];
  }
  if (!cards.initial) return [];
  const letters = [...cards.green].map((l) => ["green", l])
    .concat([...cards.red].map((l) => ["red", l]));
  const flipped = flip ? letters.map(([c, l]) => c === flip.shows && l === flip.letter)
    .lastIndexOf(true) : -1;
  return [letterCard(cards.initial, "green initial", `initial ${upper(cards.initial)}`),
    ...letters.map(([colour, l], i) => letterCard(l, colour,
      `${colour} ${upper(l)}, ${CAPTIONS[colour]}`, i === flipped ? flip.player : null))];
}

// The cards of `state`, small, under a label: what a verdict or a stumped call was about.
export function judgedCards(state, label) {
  const nodes = cardNodes(state);
  return el("div", { class: "judged", "data-round": state.round },
    el("p", { class: "judged-label", text: label }),
    el("div", { class: `cards mini ${state.game}`, role: "group", "aria-label": label,
      style: `--n: ${nodes.length}` }, nodes));
}
