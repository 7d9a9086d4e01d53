"""A small category lexicon made in memory, for unit tests that need exact, known members."""

from lexicons.categories import Built, Spec, alias_table, assemble
from solver.categories import Categories

# id -> (name, aliases, people, {member: definition})
FIXTURE = {
    "ice_cream_flavors": ("Ice cream flavors", ["ice cream", "flavors of ice cream"], False, {
        "vanilla": None, "chocolate": None, "strawberry": None, "butter pecan": None,
        "rocky road": None, "mint chocolate chip": None, "cookies and cream": None,
        "pistachio": None, "neapolitan": None, "coffee": None, "cookie dough": None,
        "rum raisin": None, "salted caramel": None, "black cherry": None, "banana": None,
        "bubble gum": None}),
    "rivers": ("Rivers", ["river"], False, {
        "Nile": "the world's longest river", "Niger": "a river in western Africa",
        "Amazon": "a major South American river", "Thames": "the longest river in England",
        "Mississippi": "the chief river of the United States", "Danube": None, "Rhine": None,
        "Seine": None, "Volga": None, "Yangtze": None, "Ganges": None, "Mekong": None,
        "Congo": None, "Zambezi": None, "Nile River": "the world's longest river"}),
    "fruits": ("Fruits", ["fruit"], False, {
        "apple": "fruit with red or yellow or green skin", "apricot": None, "avocado": None,
        "banana": None, "blueberry": None, "cherry": None, "date": None, "fig": None,
        "grape": None, "kiwi": None, "lemon": None, "mango": None, "orange": None,
        "peach": None, "pear": None, "plum": None, "strawberry": None, "watermelon": None,
        "mouse melon": None}),
    "pizza_toppings": ("Pizza toppings", ["pizza topping", "things on a pizza"], False, {
        "ham": None, "pepperoni": None, "mushroom": None, "olive": None, "onion": None,
        "pineapple": None, "sausage": None, "bacon": None, "anchovy": None, "basil": None,
        "mozzarella": None, "green pepper": None, "spinach": None, "tomato": None,
        "chicken": None, "jalapeno": None}),
    "famous_scientists": ("Famous scientists", ["scientist"], True, {
        "Albert Einstein": "physicist who formulated the theory of relativity",
        "Isaac Newton": None, "Marie Curie": None, "Charles Darwin": None,
        "Galileo Galilei": None, "Niels Bohr": None, "Max Planck": None, "Nikola Tesla": None,
        "Stephen Hawking": None, "Rosalind Franklin": None, "Michael Faraday": None,
        "Louis Pasteur": None, "Gregor Mendel": None, "Richard Feynman": None,
        "Ada Lovelace": None, "Archimedes": None}),
}


def make_categories(fixture=FIXTURE) -> Categories:
    """Return a category lexicon holding exactly `fixture`."""
    return Categories(fixture_bytes(fixture), "fixture categories")


def fixture_bytes(fixture=FIXTURE) -> bytes:
    """Return the bytes of a category lexicon file holding exactly `fixture`."""
    specs, built = [], []
    for cid, (name, aliases, people, members) in fixture.items():
        spec = Spec("fixture.yaml", cid, name, aliases=aliases, people=people, theme="test")
        specs.append(spec)
        built.append(Built(spec, {_key(m): (m, d, "supplement") for m, d in members.items()},
                           []))
    aliases, clashes = alias_table(specs)
    assert not clashes, clashes
    return assemble(built, aliases)


def _key(text):
    from solver.phrases import phrase_key
    return phrase_key(text)
