"""A table's own Things entered on the page: typed or read from a .yaml file, dealt and judged.

The set-up form of Red Letter, Yellow Letter takes a category pack in the packs' YAML format
(lexicons/categories/README.md) and sends its text as `categories` with POST /api/games; a
mistake in it comes back as one line shown beside the field, and no game starts. Checked in
Debian's Chromium (see browserkit).
"""

from __future__ import annotations

from browserkit import artifacts, browser, fill_setup, phone, post, server, shot  # noqa: F401
from playwright.sync_api import expect  # noqa: E402

# A pack of many Things, so that a shuffle number that deals one of them first is found in a
# few tries among the 400 built-in Things; each lists tools for most first letters.
TOOLS = ["anvil", "axe", "bucket", "brush", "chisel", "crowbar", "drill", "dustpan", "easel",
         "funnel", "file", "grater", "glue gun", "hose", "hacksaw", "jigsaw", "jug", "kettle",
         "ladder", "level", "mallet", "mop", "nail gun", "oil can", "pliers", "pump", "rake",
         "ruler", "sander", "saw", "shovel", "tongs", "trowel", "umbrella", "vice", "wrench",
         "wheelbarrow", "yardstick", "zip tie"]
ROOMS = ["attic", "barn", "cellar", "den", "garage", "greenhouse", "loft", "porch", "shed",
         "studio", "workshop", "boathouse", "carport", "pantry", "summer house", "treehouse",
         "potting shed", "lean-to", "outhouse", "bike shed"]
OURS = [f"Things in Granny's {room}" for room in ROOMS]
PACK = "categories:\n" + "".join(
    f"  - name: {name}\n    members: [{', '.join(TOOLS)}]\n" for name in OURS)


def fits(cards: dict) -> str | None:
    """Return a tool of the pack that starts with the yellow letter and lacks the red one."""
    return next((t for t in TOOLS if t.startswith(cards["yellow"])
                 and cards["red"] not in t.replace(" ", "")), None)


def dealing_ours(base: str) -> tuple[int, dict]:
    """Return a shuffle number whose first cards show one of the table's Things with a tool
    that fits them, and those cards; the API is given the pack's text as the page sends it."""
    for seed in range(300):
        made = post(f"{base}/api/games", {"game": "redyellow", "players": ["Ann", "Bob"],
                                          "seed": seed, "categories": PACK})
        cards = made["state"]["cards"]
        if cards and cards["thing"] in OURS and fits(cards):
            return seed, cards
    raise AssertionError("no shuffle number under 300 deals one of the table's Things")


def test_a_tables_own_thing_typed_on_the_page_is_dealt_and_judged(server, phone):
    page = phone
    seed, cards = dealing_ours(server)
    fill_setup(page, server, "Red Letter, Yellow Letter", ["Ann", "Bob"], seed)
    field = page.get_by_label("Your own Things (a category pack, YAML)")
    expect(field).to_be_visible()

    # A mistake is one line beside the field, and no game starts.
    field.fill("- name: [Our cats\n")
    page.get_by_role("button", name="Start the game").click()
    error = page.locator("#categories-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("not valid YAML")
    assert "\n" not in error.inner_text()
    expect(page.locator("#setup")).to_be_visible()
    field.fill("- name: Our cats\n  synsets: [cat.n.01]\n")
    page.get_by_role("button", name="Start the game").click()
    expect(error).to_contain_text("WordNet")
    field.fill("x")
    expect(error).to_be_hidden()  # typing clears it

    field.fill(PACK)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**#game=*")
    thing = page.locator("#cards .card.thing")
    expect(thing).to_have_attribute("aria-label", f"Thing: {cards['thing']}")
    page.screenshot(path=shot("table-own-thing.png"), full_page=True)

    # Judged by the table's list: a tool of Granny's is accepted, a built-in word is not.
    page.locator("#who").get_by_text("Bob", exact=True).click()
    box = page.locator("#answer")
    box.fill(fits(cards))
    with page.expect_response(lambda r: r.url.endswith("/answer")):
        box.press("Enter")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict.locator(".verdict-answer")).to_contain_text("Bob")


def test_a_pack_is_read_from_a_yaml_file(server, phone, tmp_path):
    page = phone
    fill_setup(page, server, "Red Letter, Yellow Letter", ["Ann", "Bob"], 1)
    pack = tmp_path / "granny.yaml"
    pack.write_text(PACK, encoding="utf-8")
    page.locator("#categories-file").set_input_files(str(pack))
    expect(page.get_by_label("Your own Things (a category pack, YAML)")).to_have_value(PACK)
    # The field belongs to Red Letter, Yellow Letter only.
    page.get_by_text("In Extremis", exact=True).click()
    expect(page.locator("#categories")).to_be_hidden()
