// ¡Extinción!'s table, as the card game screen (cardgame.js) asks for it: the banner and the
// decision waited for, the extinction counter and the environments on display, each territory,
// the hand, the moves grouped and worded, and what happened. Every export is part of that
// interface (cardgame.js lists it).
import { badge, el, ordinal, plural, titled, words } from "./dom.js";

const EFFECTS = { earthquake: "Earthquake", famine: "Famine", epidemic: "Epidemic",
  stampede: "Stampede", extinction: "Extinction!" };
const ENDINGS = {
  extinction: "The last extinction ended the game.",
  exhausted: "No Safe Environment was left.",
  drought: "Fifty rounds went by without a rescue.",
  stalled: "Nobody could do anything for a whole round.",
};

// Moves and events name cards and environments by number: their faces, from every view this
// page has seen of the game.
const seen = { cards: new Map(), environments: new Map() };

// Who must move now: the player a decision waits for.
export function actor(state) {
  return state.to_act || null;
}

// Remember every card and environment the view shows, by number.
export function learn(state) {
  const cards = [...(state.hand || []), ...(state.in_play || [])];
  if (state.cemetery && state.cemetery.top) cards.push(state.cemetery.top);
  const envs = [...(state.display || [])];
  for (const seat of Object.values(state.table || {})) {
    cards.push(...seat.territory);
    envs.push(...seat.environments);
  }
  for (const card of cards) seen.cards.set(card.id, card);
  for (const env of envs) seen.environments.set(env.id, env);
}

// Another game is shown: its numbers name other cards.
export function forget() {
  seen.cards.clear();
  seen.environments.clear();
}

function knownCard(id) {
  return seen.cards.get(id) || { id, name: `card ${id}`, diet: "", bait: false, skills: [] };
}

function envName(envOrId) {
  const env = typeof envOrId === "object" ? envOrId : seen.environments.get(envOrId);
  if (!env) return `environment ${envOrId}`;
  return env.name || `${env.type} ${env.id}`;
}

function dinoNote(card) {
  if (card.bait) return `bait for ${words(card.diet)}s`;
  return [words(card.diet), ...(card.skills || []).map(titled)].filter(Boolean).join(" · ");
}

function dinoChip(card) {
  return el("li", { class: `dino ${card.diet}${card.bait ? " bait" : ""}`,
    "data-card": card.id },
  el("span", { class: "dino-name", text: card.name }),
  el("span", { class: "dino-note", text: dinoNote(card) }));
}

function envCard(env) {
  return el("li", { class: "env", "data-env": env.id },
    el("p", { class: "env-name", text: envName(env) }),
    el("p", { class: "env-type", text: env.type }),
    el("ul", { class: "needs", "aria-label": "Needs" },
      env.needs.map((diet) => el("li", { class: `diet ${diet}`, text: words(diet) }))));
}

// The seat to the right of `name`: the one before it, as play goes clockwise.
function rightOf(state, name) {
  const seats = state.players;
  return seats[(seats.indexOf(name) + seats.length - 1) % seats.length];
}

// "Bob's Protoceratops", with which one when Bob has several of that name.
function dinoOwner(state, id) {
  for (const [name, seat] of Object.entries(state.table)) {
    const index = seat.territory.findIndex((c) => c.id === id);
    if (index < 0) continue;
    const card = seat.territory[index];
    const same = seat.territory.filter((c) => c.name === card.name);
    const which = same.length > 1 ? ` (${ordinal(same.indexOf(card) + 1)})` : "";
    return `${name}'s ${card.name}${which}`;
  }
  return knownCard(id).name;
}

function winnersText(winners) {
  if (!winners || !winners.length) return "nobody wins";
  return winners.length === 1 ? `${winners[0]} wins` : `${winners.join(" and ")} share the win`;
}

// The table ------------------------------------------------------------------------------------

function decisionText(state, waiting) {
  const p = waiting.player;
  switch (waiting.kind) {
    case "respond": {
      const aim = typeof waiting.target === "number" ? dinoOwner(state, waiting.target)
        : `${p}'s hand`;
      return `${waiting.actor}'s ${knownCard(waiting.card).name} is aimed at ${aim}: `
        + `${p} may show a Clever Girl to avoid it.`;
    }
    case "companion":
      return `${p}'s Gregarious dinosaur may bring another herbivore from hand.`;
    case "famine":
      return `Famine: ${p} sacrifices a dinosaur (${waiting.left} to go).`;
    case "epidemic":
      return `Epidemic: ${p} loses a dinosaur (${words(waiting.diet)}).`;
    case "stampede":
      return `Stampede: ${p} passes a dinosaur from hand to ${rightOf(state, p)}'s territory.`;
    case "start":
      return `${p} places a first dinosaur.`;
    default:
      return `${p} must decide (${waiting.kind}).`;
  }
}

export function banner(state, who) {
  const result = state.result;
  if (result) {
    const scores = state.players.map((p) => `${p} ${result.scores[p]}`).join(", ");
    const head = winnersText(result.winners);
    return { kind: "over", head: `${head}${result.winners.length === 1 ? "!" : ""}`,
      lines: [`Dinosaurs rescued: ${scores}.`, ENDINGS[result.reason]] };
  }
  if (state.awaiting) {
    return { kind: "turn", head: `${who} to decide`, lines: [decisionText(state, state.awaiting)] };
  }
  const phase = state.phase === "rescue"
    ? `Phase 2: ${who} may rescue dinosaurs in an environment on display, or pass.`
    : `Phase 1: ${who} plays a card, discards and draws, or draws up to 3.`;
  return { kind: "turn", head: `${who} to play`, lines: [phase] };
}

export function centre(state) {
  const pips = Array.from({ length: state.end_at }, (_, i) =>
    el("span", { class: `pip${i < state.counter ? " on" : ""}` }));
  const top = state.cemetery.top;
  const counts = [`Lost World deck ${state.lost_world}`,
    `Cemetery ${state.cemetery.count}${top ? `, top: ${top.name}` : ""}`,
    `environments left ${state.environments_left}`];
  // A bait lies in play while its target decides whether to show a Clever Girl.
  if (state.in_play.length) counts.push(`in play: ${state.in_play.map((c) => c.name).join(", ")}`);
  return [
    el("div", { class: "counter" },
      el("p", { class: "counter-text", id: "counter" }, "Extinctions ",
        el("strong", { text: String(state.counter) }), ` of ${state.end_at}`),
      el("span", { class: "pips", "aria-hidden": "true" }, pips)),
    el("p", { class: "counts", text: counts.join(" · ") }),
    el("h3", { class: "sub", id: "display-heading", text: "Safe Environments on display" }),
    el("ul", { class: "envs", "aria-labelledby": "display-heading" },
      state.display.map(envCard)),
  ];
}

export function seats(state, who) {
  const winners = state.result ? state.result.winners : [];
  return state.players.map((name) => {
    const seat = state.table[name];
    const rescued = seat.environments.map((e) => `${envName(e)} (${EFFECTS[e.effect]
      || e.effect})`);
    return el("li", { class: `seat-row${name === who ? " current" : ""}`, "data-player": name },
      el("p", { class: "seat-name" }, el("strong", { text: name }),
        name === who ? badge(state.awaiting ? "to decide" : "to play", "lead") : null,
        name === state.turn && name !== who && !state.result ? badge("turn", "plain") : null,
        winners.includes(name) ? badge("winner", "win") : null),
      el("p", { class: "seat-counts", text: `${plural(seat.hand, "card", "cards")} in hand · `
        + `${seat.rescued} rescued` }),
      seat.territory.length ? el("ul", { class: "dinos", "aria-label": `${name}'s territory` },
        seat.territory.map(dinoChip)) : el("p", { class: "note", text: "Empty territory" }),
      rescued.length ? el("p", { class: "note", text: `Rescued in: ${rescued.join(", ")}` })
        : null);
  });
}

export function hand(cards) {
  return [el("ul", { class: "dinos" }, cards.map(dinoChip))];
}

// Moves -----------------------------------------------------------------------------------------

// The group title of a choice, and its button's label, by the decision waited for.
const CHOICES = {
  companion: ["Place a companion", (c) => `Place ${c.name} beside it`],
  famine: ["Sacrifice a dinosaur", (c) => `Sacrifice ${c.name}`],
  epidemic: ["Lose a dinosaur to the epidemic", (c) => `Lose ${c.name}`],
  stampede: ["Pass a dinosaur in the stampede",
    (c, state, player) => `Pass ${c.name} to ${rightOf(state, player)}`],
  start: ["Place a first dinosaur", (c) => `Place ${c.name}`],
};

// The moves, each with the title of its group and its button's label.
export function moveItems(state, moves) {
  const kind = state.awaiting ? state.awaiting.kind : null;
  const group = {
    play: "Play a card", draw: "Draw", discard: "Discard and draw", rescue: "Rescue",
    respond: "Show a Clever Girl", pass: "Or",
    choose: CHOICES[kind] ? CHOICES[kind][0] : "Choose",
  };
  return moves.map((move) => ({ group: group[move.type] || "Other",
    label: moveLabel(state, move), move }));
}

function moveLabel(state, move) {
  const names = (ids) => ids.map((id) => knownCard(id).name).join(" + ");
  const kind = state.awaiting ? state.awaiting.kind : null;
  switch (move.type) {
    case "play": return playLabel(state, move);
    case "draw": return "Draw up to 3 cards";
    case "discard": return `Discard ${names(move.cards)}, draw ${move.cards.length}`;
    case "rescue":
      return `Rescue environment ${envName(move.environment)} with ${names(move.cards)}`;
    case "respond": return `Show ${knownCard(move.card).name}: avoid it`;
    case "choose": {
      const card = knownCard(move.card);
      return CHOICES[kind] ? CHOICES[kind][1](card, state, move.player) : `Choose ${card.name}`;
    }
    case "pass":
      if (kind === "respond") return "Show nothing: let it happen";
      if (kind === "companion") return "No companion";
      return "Rescue nothing: end the turn";
    default: return titled(move.type);
  }
}

function playLabel(state, move) {
  const card = knownCard(move.card);
  const label = `Play ${card.name}`;
  if (move.swift) return `${label}: draw up to 3 instead (Swift Running Lizard)`;
  const what = ` (${card.bait ? "bait" : dinoNote(card)})`;
  if (typeof move.target === "string") return `${label}${what} on ${move.target}'s hand`;
  if (typeof move.target === "number") {
    return `${label}${what}${card.bait ? " to attract" : " on"} ${dinoOwner(state, move.target)}`;
  }
  return label + what;
}

// What happened ---------------------------------------------------------------------------------

// One line for event `e` of a move made on `state`; null for what the table shows anyway.
export function eventLine(e, state) {
  const name = (id) => knownCard(id).name;
  switch (e.type) {
    case "turn": return null; // the banner says whose turn it is
    case "stuck": return `${e.player} can take no action`;
    case "played": return `${e.player} plays ${name(e.card)}`;
    case "drew": return `${e.player} draws ${plural(e.count, "card", "cards")}`;
    case "reshuffled":
      return `The Cemetery is shuffled into a new Lost World deck (${e.cards} cards)`;
    case "scavenged": return `${e.player} takes ${name(e.card)} from the Cemetery`;
    case "eliminated": return `${e.from}'s ${name(e.card)} is eliminated`;
    case "robbed": return `${e.player} steals a card from ${e.from}'s hand`;
    case "stolen": return `${e.player} steals ${e.from}'s ${name(e.card)} into hand`;
    case "attracted": return `${e.player}'s bait attracts ${e.from}'s ${name(e.card)}`;
    case "discarded": return `${e.player} discards ${e.cards.map(name).join(", ")}`;
    case "targeted": return `${e.player}'s ${name(e.card)} is aimed at ${e.against}`;
    case "clever_girl":
      return `${e.player} shows a Clever Girl (${name(e.card)}): ${e.against}'s action fails`;
    case "placed": return `${e.player} places ${name(e.card)}`
      + (e.by === "companion" ? " as a companion" : "");
    case "passed":
      if (e.decision === "respond") return `${e.player} shows no Clever Girl`;
      if (e.decision === "companion") return `${e.player} places no companion`;
      return `${e.player} rescues nothing`;
    case "rescued":
      return `${e.player} rescues ${plural(e.cards.length, "dinosaur", "dinosaurs")} in `
        + `${envName(e.environment)}: ${EFFECTS[e.effect] || e.effect}`;
    case "hands_passed": return "Earthquake: every hand passes to the right";
    case "sacrificed": return `Famine: ${e.player} sacrifices ${name(e.card)}`;
    case "epidemic": return e.card === null ? "Epidemic: no card to discard"
      : `Epidemic: ${name(e.card)} (${words(e.diet)}) is discarded`;
    case "sickened": return `${e.player} loses ${name(e.card)} to the epidemic`;
    case "chose": return `${e.player} has chosen a dinosaur for the stampede`;
    case "trampled": return `Stampede: ${e.player}'s ${name(e.card)} goes to ${e.to}`;
    case "extinction":
      return `Extinction! ${e.player} loses hand and territory (counter ${e.counter})`;
    case "revealed": return `On display: ${envName(e.environment)}`;
    case "withered": return `${envName(e.environment)} can never be completed: set aside`;
    case "game_over": return `Game over: ${winnersText(e.winners)}`;
    case "undo":
      // A Stampede's choice reaches the table without its card (docs/public.md).
      if (e.move.type === "choose" && e.move.card === undefined) {
        return `Undone: ${e.move.player}'s choice`;
      }
      return `Undone: ${e.move.player}'s “${moveLabel(state, e.move)}”`;
    default: return null;
  }
}
