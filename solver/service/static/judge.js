// The Extreme Idiot judge panel (/#judge), for a game played with real cards: is this play legal
// on this pile, by which rule, and what follows; suit keys for phones, and laying a legal play
// on the pile to judge the next.
import { api, query } from "./api.js";
import {
  $, capitalise, clearVerdict, el, reasonList, showRefusal, showTitle, showView,
} from "./dom.js";
import { prettyCards } from "./playingcards.js";
import { ui } from "./state.js";

// The suit buttons type into the box typed in last (the play, at first).
let judgeTarget = "judge-play";

export function showJudge() {
  ui.id = null;
  ui.state = null;
  showView("judge");
  showTitle($("judge-heading").textContent);
  $("judge-pile").focus();
}

// Type a suit or a joker at the caret. A joker is a word of its own, so it gets spaces around.
function typeIntoJudge(text) {
  const input = $(judgeTarget);
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const before = input.value.slice(0, start);
  const piece = text.length > 1 ? `${before && !/\s$/.test(before) ? " " : ""}${text} ` : text;
  input.setRangeText(piece, start, end, "end");
  input.focus();
}

async function judgePlay(event) {
  event.preventDefault();
  const pile = $("judge-pile").value.trim();
  const play = $("judge-play").value.trim();
  if (!play) {
    showJudgeProblem("Type the play: the card or cards laid on the pile.");
    $("judge-play").focus();
    return;
  }
  const params = { pile, play };
  if ($("judge-draw-empty").checked) params.draw_empty = "true";
  $("judge-submit").disabled = true;
  try {
    showPlayVerdict(await api("GET", `/api/idiot/judge?${query(params)}`), pile, play);
  } catch (err) {
    showJudgeProblem(err.message);
  } finally {
    $("judge-submit").disabled = false;
  }
}

function showPlayVerdict(verdict, pile, play) {
  const box = $("judge-verdict");
  const valid = verdict.valid === true;
  const parts = [
    el("p", { class: "verdict-head", text: valid ? "Legal" : "Illegal" }),
    el("p", { class: "verdict-answer" }, el("strong", { text: prettyCards(play) }),
      ` on ${pile ? prettyCards(pile) : "an empty table"}`),
    reasonList(verdict.reasons),
  ];
  if (verdict.paragraph) {
    parts.push(el("p", { class: "paragraph" }, "Rule ",
      el("strong", { class: "paragraph-number", text: verdict.paragraph })));
  }
  if (verdict.consequence) {
    parts.push(el("p", { class: "consequence", text: `${capitalise(verdict.consequence)}.` }));
  }
  if (verdict.zero_tolerance) {
    parts.push(el("p", { class: "zero",
      text: "Zero tolerance: punished even when noticed late (§25)." }));
  }
  if (verdict.next) parts.push(el("p", { class: "next", text: `Next play: ${verdict.next}.` }));
  if (valid) {
    parts.push(el("button", { type: "button", class: "lay",
      onclick: () => layOnPile(pile, play) }, "Lay it on the pile"));
  }
  box.className = `verdict ${valid ? "valid" : "invalid"}`;
  box.dataset.valid = String(verdict.valid);
  box.replaceChildren(...parts.filter(Boolean));
}

function showJudgeProblem(message) {
  showRefusal($("judge-verdict"), message, "Not understood");
}

// The table plays on: the judged play joins the judged pile and the next play can be typed.
function layOnPile(pile, play) {
  $("judge-pile").value = [pile, play].filter(Boolean).join(" ");
  $("judge-play").value = "";
  clearVerdict($("judge-verdict"));
  judgeTarget = "judge-play";
  $("judge-play").focus();
}

function clearJudge() {
  $("judge-pile").value = "";
  $("judge-play").value = "";
  $("judge-pile").focus();
  clearVerdict($("judge-verdict"));
}

export function initJudge() {
  for (const id of ["judge-pile", "judge-play"]) {
    $(id).addEventListener("focus", () => {
      judgeTarget = id;
    });
  }
  for (const button of document.querySelectorAll("[data-insert]")) {
    // On a touch screen the button would take the focus, and the phone's keyboard would close
    // and reopen on every suit: keep the focus in the box being typed in.
    button.addEventListener("pointerdown", (event) => event.preventDefault());
    button.addEventListener("click", () => typeIntoJudge(button.dataset.insert));
  }
  $("judge-form").addEventListener("submit", judgePlay);
  $("judge-clear").addEventListener("click", clearJudge);
}
