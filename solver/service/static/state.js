// What the page remembers: the game in front of it (`ui`), what this phone keeps between visits
// (`saved`, over localStorage) and the referee token of the game shown; `busyWith` keeps the
// page to one move in flight.

// What the page knows of the game in front of it.
export const ui = {
  id: null,
  state: null,
  player: null, // who said the next answer
  hint: { key: null, level: 0, levels: 4 },
  flip: null, // the latest flip, to point at the flipped card
  over: null, // why the game ended, when the page saw it end
  busy: false,
};

// localStorage, tolerating browsers that refuse it (private modes): the page works without.
export const saved = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`wordref:${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`wordref:${key}`, JSON.stringify(value));
    } catch {
      // Nothing to do: the game goes on, only resuming on this phone gets harder.
    }
  },
};

// The referee token of the game shown, as this phone saved it ("" when it has none).
export const token = () => saved.get(`token:${ui.id}`, "");

// Run `work` as the page's one request in flight, or return null when one is on its way
// already; data-busy on `section` lets a test wait for its outcome.
export async function busyWith(section, work) {
  if (ui.busy) return null;
  ui.busy = true;
  section.dataset.busy = "true";
  try {
    return await work();
  } finally {
    ui.busy = false;
    delete section.dataset.busy;
  }
}
