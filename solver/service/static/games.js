// The games this page referees, as the server lists them: it writes one Game radio button per
// engine in its registry (value = id, the <span> = the name people know, data-family = "words"
// or "cards"). This module reads them, once; nothing else in the page names the games.

let known = null;

function catalogue() {
  if (!known) {
    known = new Map([...document.querySelectorAll("input[name=game]")].map((input) => {
      const label = input.closest("label");
      const span = label && label.querySelector("span");
      return [input.value, {
        input,
        name: span ? span.textContent.trim() : input.value,
        cards: input.dataset.family === "cards",
      }];
    }));
  }
  return known;
}

// The name of game `id`, or undefined for a game this page does not referee.
export function gameName(id) {
  const game = catalogue().get(id);
  return game && game.name;
}

// Card games are passed round the table: each player in turn sees their hand and moves.
export function isCardGame(id) {
  const game = catalogue().get(id);
  return Boolean(game && game.cards);
}

// The radio buttons of the setup form, in the server's order.
export function gameChoices() {
  return [...catalogue().values()].map((game) => game.input);
}
