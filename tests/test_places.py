"""Cards restricted by a place: what WordNet puts there is accepted, the rest left to the table."""

import pytest

from solver.places import place_of
from test_things import cats, needs_wordnet, valid  # noqa: F401 (cats is a fixture)


@pytest.mark.parametrize("restriction, place", [
    ("in spain", "spain"),
    ("of asia", "asia"),
    ("in the united states", "united states"),
    ("european", "european"),
    ("recognizable in paris", "paris"),  # a word that says nothing of where is left out
    ("famous", None),
    ("that speaks spanish", None),
    ("with four legs", None),
    ("in the south of france", None),  # a place within a place: not read
    (None, None),
])
def test_the_place_a_restriction_names(restriction, place):
    assert place_of(restriction) == place


@pytest.mark.parametrize("thing, answer, verdict", [
    ("Name 3 cities in Spain", "Valencia", True),
    ("Name 3 cities in Spain", "Paris", None),  # WordNet does not link every place: the table
    ("Name A City In Florida", "Tampa", True),
    ("Cities in Texas", "Paris", True),  # Paris, Texas
    ("Name 3 European rivers", "Danube", True),
    ("Name 3 European rivers", "Nile", None),
    ("List 3 capitals of Asia", "Tokyo", True),
    ("Name 3 recognizable landmarks in Paris", "Eiffel Tower", True),
    ("Name 3 recognizable landmarks in Paris", "Big Ben", None),
    ("German cities", "Munich", True),
    ("States in the West", "Nevada", True),
    ("States in the West", "Florida", None),  # in the Occident, not in the western states
    ("Name 3 cities in Spain", "toaster", False),
])
def test_a_member_wordnet_puts_in_the_place_is_accepted(cats, thing, answer, verdict):  # noqa: F811
    assert valid(cats, thing, answer).valid is verdict


@needs_wordnet
def test_the_build_follows_part_of_links_up_and_reads_adjectives():
    from lexicons import places, wordnet
    from solver.catpack import Built, Spec

    wn = wordnet.load()
    spec = Spec(pack="test", id="cities", name="Cities", synsets=["city.n.01"],
                theme=places.PLACES)
    built = Built(spec, {"tampa": ("Tampa", None, ""), "lyon": ("Lyon", None, "")}, [])
    found = set(places.entries([built], wn))
    assert {"tampa|florida", "tampa|united states", "tampa|north america"} <= found
    assert {"lyon|france", "lyon|europe", "~french|france"} <= found
    assert "tampa|west" not in found  # the Occident is left out: too wide for any card
