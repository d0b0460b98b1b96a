"""Sets, Set tokens and News tokens as pure functions (rulebook "Display 1 Fossil", "Score Points")."""
from __future__ import annotations

from firstgiants.components import CARDS
from firstgiants.rules.museum import FAMILY_SET, SIZE_SET, UNTYPED, extend, is_complete, join, new_set, set_points
from firstgiants.rules.news import award_news, news_index


def card(name: str) -> int:
    """The first card id called ``name`` ("Small Carnivore", "Marine egg", ...)."""
    return next(c.id for c in CARDS if c.name == name)


def cards(name: str) -> list[int]:
    return [c.id for c in CARDS if c.name == name]


def build(*names: str):
    """A set built from the named cards in order (each extension with one Set token)."""
    used: set[int] = set()
    ids = []
    for n in names:
        i = next(x for x in cards(n) if x not in used)
        used.add(i)
        ids.append(i)
    mset = new_set(ids[0])
    for i in ids[1:]:
        r = join(mset, i)
        assert not isinstance(r, str), r
        mset = extend(mset, i, *r, 1)
    return mset


def test_the_second_card_fixes_the_set_type():
    """"the second card added to the set determines its type" (Laura's example: a size set)."""
    assert new_set(card("Small Carnivore")).kind == UNTYPED
    assert join(new_set(card("Small Carnivore")), card("Small Herbivore")) == (SIZE_SET, 1)
    assert join(new_set(card("Small Carnivore")), card("Large Carnivore")) == (FAMILY_SET, 2)


def test_a_pair_that_is_neither_type_is_refused():
    same = cards("Small Carnivore")
    assert "family set needs different sizes" in join(new_set(same[0]), same[1])
    assert "one family and a size set one size" in join(new_set(card("Small Carnivore")), card("Large Marine"))


def test_a_family_set_takes_one_family_and_distinct_sizes_at_most_3():
    s = build("Small Carnivore", "Medium Carnivore")
    assert "duplicate size" in join(s, card("Medium Carnivore") + 1)
    assert "takes only Carnivore" in join(s, card("Large Marine"))
    full = build("Small Carnivore", "Medium Carnivore", "Large Carnivore")
    assert is_complete(full) and "full" in join(full, card("Carnivore egg"))


def test_a_size_set_takes_one_size_and_distinct_families_at_most_5():
    s = build("Large Flying", "Large Marine")
    assert "duplicate family" in join(s, cards("Large Marine")[1])
    assert "takes only Large" in join(s, card("Small Mammal"))
    full = build("Large Flying", "Large Herbivore", "Large Carnivore", "Large Marine", "Large Mammal")
    assert is_complete(full) and len(full.cards) == 5 and full.tokens == 4
    assert "cannot exceed 5" in join(full, card("Large Flying") + 1)


def test_an_egg_acts_as_any_size_but_keeps_its_family():
    """Egg card: "it has a Family, but can act as a card of any Size in a set"."""
    assert join(new_set(card("Carnivore egg")), card("Large Carnivore")) == (FAMILY_SET, 2)
    assert join(new_set(card("Carnivore egg")), card("Large Marine")) == (SIZE_SET, 3)
    assert join(new_set(card("Large Marine")), card("Carnivore egg")) == (SIZE_SET, 3)
    fam = build("Small Carnivore", "Carnivore egg")
    assert join(fam, card("Large Carnivore")) == (FAMILY_SET, 2)  # the egg fills the missing size
    assert "takes only Small" in join(build("Small Marine", "Small Flying"), card("Large Carnivore"))
    assert join(build("Small Marine", "Small Flying"), card("Carnivore egg")) == (SIZE_SET, 1)
    # two eggs of different families make a size set whose size is still open (declared by the player)
    assert join(new_set(card("Carnivore egg")), card("Marine egg")) == (SIZE_SET, 0)


def test_set_tokens_are_worth_2_and_3_when_complete():
    """Score Points: leaf side 2 points; a complete set's tokens flip to 3."""
    assert set_points(build("Small Carnivore", "Medium Carnivore")) == 2
    assert set_points(build("Small Carnivore", "Medium Carnivore", "Large Carnivore")) == 6
    assert set_points(build("Small Flying", "Small Marine", "Small Mammal", "Small Herbivore", "Small Carnivore")) == 12


def test_news_token_first_take_steal_and_lock():
    """Score Points: first to expand takes it; a set with more cards steals it; first to complete keeps it."""
    two = build("Small Carnivore", "Medium Carnivore")
    three = build("Small Carnivore", "Medium Carnivore", "Large Carnivore")
    assert news_index(FAMILY_SET, 2) == 2 and news_index(SIZE_SET, 3) == 7
    museums = [[two], [], []]
    owner, locked, why = award_news(-1, False, museums, 0, two)
    assert (owner, locked) == (0, False)
    assert why == "takes the Carnivore News token (the first to expand a Carnivore family set)"
    # an equal set does not steal
    museums[1] = [two]
    assert award_news(0, False, museums, 1, two)[:2] == (0, False)
    # a larger set steals, and being the first to complete keeps it for good
    museums[1] = [three]
    owner, locked, why = award_news(0, False, museums, 1, three)
    assert (owner, locked) == (1, True)
    assert why == ("steals the Carnivore News token from player 0 (3 cards beat 2) and keeps it for good "
                   "(the first to complete a Carnivore family set)")
    # locked: nobody can steal it any more
    assert award_news(1, True, [[three], [three], []], 0, three) == (1, True, "")


def test_more_cards_compares_with_the_holders_largest_set_of_that_type():
    small = build("Small Flying", "Small Marine")
    small3 = build("Small Flying", "Small Marine", "Small Mammal")
    museums = [[small, small3], [small3], []]
    # player 1's 3-card Small set does not beat player 0's largest Small set (3 cards)
    assert award_news(0, False, museums, 1, small3)[0] == 0
