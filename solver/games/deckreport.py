"""The HTML report of `wordref analyze deck --html`: deckstats.analyze's figures as one
self-contained page, its charts drawn by matplotlib and embedded as inline SVG (no script, no
CDN, nothing fetched). matplotlib comes with the `analysis` extra; `renderer()` says so in one
line when it is missing.

The page is reproducible: the SVG carries no date and a fixed id salt, so one analysis gives
the same bytes every time.
"""

from __future__ import annotations

import html
import io
import re

from ..errors import InputError

ROLES = {"extremis": ("initial", "green", "red"), "redyellow": ("yellow", "red")}
COLOURS = {"initial": "#2e7d32", "green": "#66bb6a", "red": "#c62828", "yellow": "#f9a825"}


def renderer():
    """Return render(result) -> HTML; raise InputError if matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError:
        raise InputError("--html needs matplotlib: pip install 'wordref[analysis]'") from None
    matplotlib.rcParams["svg.hashsalt"] = "wordref"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, selectable
    return render


def _svg(fig) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = out.getvalue()
    # The RDF metadata block only names matplotlib; the page does not need it.
    return re.sub(r"\s*<metadata>.*?</metadata>", "", text[text.index("<svg"):], flags=re.S)


def _figure(width: float = 7.0, height: float = 3.0):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    return fig, fig.add_subplot()


def answers_chart(result: dict) -> str:
    """Return the SVG bar chart of how many answers the rounds had."""
    fig, ax = _figure()
    bars = result["histogram"]
    ax.bar([b["answers"] for b in bars], [b["rounds"] for b in bars], color="#455a64")
    ax.set_xlabel("answers the round admits")
    ax.set_ylabel("rounds")
    ax.set_title("Answers per random round")
    return _svg(fig)


def letters_chart(result: dict) -> str:
    """Return the SVG grouped bars of the stumped rate by letter and role."""
    fig, ax = _figure(9.0, 3.4)
    roles = ROLES[result["game"]]
    rows = {(e["role"], e["letter"]): e for e in result["letters"]}
    letters = sorted({e["letter"] for e in result["letters"]})
    width = 0.8 / len(roles)
    for k, role in enumerate(roles):
        xs = [i + (k - (len(roles) - 1) / 2) * width for i in range(len(letters))]
        ys = [rows[(role, l)]["rate"] if (role, l) in rows and rows[(role, l)]["rounds"] >= 10
              else 0.0 for l in letters]
        ax.bar(xs, ys, width, label=role, color=COLOURS[role])
    ax.axhline(result["no_answer"], color="#212121", linewidth=1, linestyle="--",
               label="all rounds")
    ax.set_xticks(range(len(letters)), [l.upper() for l in letters])
    ax.set_ylabel("share with no answer")
    ax.set_title("Stumped rate when a letter shows (letters seen in 10 rounds or more)")
    ax.legend(fontsize="small", ncols=len(roles) + 1)
    return _svg(fig)


def flips_chart(result: dict) -> str:
    """Return the SVG bar chart of the flips until a word exists (In Extremis)."""
    fig, ax = _figure()
    counts = result["flips_until_word"]["histogram"]
    ax.bar(list(counts), list(counts.values()), color="#5c6bc0")
    ax.set_yscale("log")
    ax.set_xlabel("flips until a word exists (0: the first deal has one)")
    ax.set_ylabel("rounds (log scale)")
    ax.set_title("Flips until a word exists")
    return _svg(fig)


def suggestion_chart(result: dict) -> str:
    """Return the SVG before/after bars of the suggested deck, on the unseen rounds."""
    fig, ax = _figure(4.5, 3.0)
    s = result["suggestion"]
    ax.bar(["this deck", "suggested deck"], [s["before"], s["after"]],
           color=["#90a4ae", "#26a69a"])
    for x, y in enumerate((s["before"], s["after"])):
        ax.annotate(f"{y:.1%}", (x, y), ha="center", va="bottom")
    ax.set_ylabel("share with no answer")
    lo, hi = s["measured_on"]
    ax.set_title(f"Measured on rounds {lo}-{hi}")
    return _svg(fig)


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #212121; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; } td, th { padding: .2rem .7rem; text-align: right; }
th { border-bottom: 1px solid #999; } td:first-child, th:first-child { text-align: left; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
pre { background: #f5f5f5; padding: .7rem; overflow-x: auto; }
"""


def render(result: dict) -> str:
    """Return the whole report as one HTML document."""
    e = html.escape
    title = {"extremis": "In Extremis", "redyellow": "Red Letter, Yellow Letter"}[result["game"]]
    answers = result["answers"]
    facts = [("random rounds", result["rounds"]), ("players", result["players"]),
             ("no answer", f"{result['no_answer']:.1%}"),
             ("answers in a round, median", answers["median"]),
             ("answers, quartiles", f"{answers['p25']} - {answers['p75']}")]
    if result["game"] == "extremis":
        flips = result["flips_until_word"]
        facts += [("a tap", f"{result['tap']:.1%}"),
                  ("flips until a word, median", flips["median"]),
                  ("... when the first deal has none", flips["median_when_stumped"])]
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
             f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
             f"<title>{e(title)} deck report ({e(result['lang'])})</title>"
             f"<style>{STYLE}</style></head><body>",
             f"<h1>{e(title)}: the {e(result['deck'])} deck, {e(result['lang'])}</h1>",
             f"<p>Each round is the first deal of a game shuffled with seeds "
             f"{result['seed']} to {result['seed'] + result['rounds'] - 1}, dealt by the "
             f"referee's own engine.</p><table>"]
    parts += [f"<tr><td>{e(str(k))}</td><td>{e(str(v))}</td></tr>" for k, v in facts]
    parts.append("</table>")
    parts.append(f"<h2>Answers</h2><figure>{answers_chart(result)}</figure>")
    if result["game"] == "extremis":
        parts.append(f"<h2>Flips</h2><figure>{flips_chart(result)}</figure>")
    parts.append(f"<h2>Letters</h2><figure>{letters_chart(result)}</figure>")
    parts.append("<table><tr><th>letter</th><th>as</th><th>rounds</th><th>no answer</th>"
                 "<th>rate</th><th>caused</th><th>taps</th></tr>")
    for row in result["worst"]:
        parts.append(f"<tr><td>{e(row['letter'].upper())}</td><td>{e(row['role'])}</td>"
                     f"<td>{row['rounds']}</td><td>{row['stumped']}</td>"
                     f"<td>{row['rate']:.1%}</td><td>{row['causes']}</td>"
                     f"<td>{row['taps']}</td></tr>")
    parts.append("</table>")
    s = result["suggestion"]
    parts.append("<h2>A deck that stumps less</h2>")
    if s["changes"]:
        parts.append("<ul>" + "".join(f"<li>{e(c['text'])}</li>" for c in s["changes"])
                     + "</ul>")
        lo, hi = s["tuned_on"]
        parts.append(f"<p>Chosen on rounds {lo}-{hi}; measured on rounds "
                     f"{s['measured_on'][0]}-{s['measured_on'][1]}, which the choice never "
                     f"saw: no answer {s['before']:.1%} before, {s['after']:.1%} after"
                     + ("." if s["helps"] else " (no better on those rounds).") + "</p>")
        parts.append(f"<figure>{suggestion_chart(result)}</figure>")
        parts.append(f"<p>The suggested deck file (--deck):</p><pre>{e(s['deck'])}</pre>")
    else:
        parts.append("<p>No one-letter change stumps less on these rounds.</p>")
    parts.append("</body></html>\n")
    return "".join(parts)
