"""The shared widgets (stepper, log, seats, action chooser, scrubber), clicked in plain pytest on the toy game."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from datetime import datetime, timezone

import pytest

from gamekit import RandomBot, record, states_along
from gamekit.svg import Svg
from gamekit.widgets import CHANCE_CHOOSE, HUMAN, GameStepper, GameView, Scrubber, ranking, undescribed_controls
from gamekit.widgets.chooser import ActionChooser

from .toygame import SPEC, Deal, Face, Hold, Roll
from .toyhidden import SPEC as HIDDEN


class ExplainingBot(RandomBot):
    """A random bot that can say why (fixed values: roll 0.6, hold 0.4)."""

    def explain(self, state):
        return [(Roll(), 0.6), (Hold(), 0.4)]


class SilentBot:
    """A bot without ``explain``."""

    def __init__(self, seed):
        self.rng = RandomBot(seed)

    def act(self, state):
        return self.rng.act(state)


BOTS = {"random": lambda seed, **p: RandomBot(seed), "explaining": lambda seed, **p: ExplainingBot(seed),
        "silent": lambda seed, **p: SilentBot(seed)}


class ToyPicture:
    """Draws the banked points as bars and the die and the bank as clickable parts (enough to check that
    the stepper redraws, and what it makes clickable)."""

    def __init__(self):
        self.viewers = []
        self.targets = []

    def render(self, state, viewer, targets):
        self.viewers.append(viewer)
        self.targets.append(dict(targets))
        svg = Svg(200, 100)
        for p, points in enumerate(state.banked):
            svg.rect(10 + 30 * p, 90 - 5 * points, 20, 5 * points, fill="#0072B2")
        for k, (target, label) in enumerate(targets.items()):
            svg.target(target, label, 120, 10 + 40 * k, 60, 30)
        return svg.to_string()


def view(**kw) -> GameView:
    return GameView(spec=SPEC, bots=BOTS, title="Toy dice", phase=lambda s: f"Player {s.to_move + 1}'s turn",
                    round=lambda s: f"Stage {s.move_number // 10}",
                    action_text=lambda s, a: str(a) if isinstance(a, Face) or not s.is_chance() else None,
                    picture=ToyPicture, target_of=lambda s, a: {"roll": "die", "hold": "bank"}.get(a.kind),
                    score_text=lambda v: f"{v:g} points", **kw)


def stepper(seats=("random", "random"), **kw) -> GameStepper:
    return GameStepper(view(), players=2, seed=3, seats=list(seats), **kw)


def test_every_control_has_a_description_and_a_tooltip():
    st = stepper()
    assert undescribed_controls(st.widget) == []


def test_step_button_plays_one_action_and_logs_it():
    st = stepper()
    st.step_button.click()
    assert st.state.move_number == 1
    assert len(st.log) == 1 and len(st.log.shown_texts()) == 1
    # dealing the secret bonus is a hidden chance outcome: the log names no value
    assert "bonus" not in st.log.shown_texts()[0] and "bonus" not in st.log.view.markup
    assert "Chance" in st.log.shown_texts()[0]


def test_log_entries_name_rulebook_sections_newest_first():
    st = stepper()
    for _ in range(8):
        st.step()
    texts = st.log.shown_texts()
    assert len(texts) == 8
    assert texts[0].startswith("#8") and texts[-1].startswith("#1")
    assert any("[Toy rules" in t for t in texts)


def test_undo_redo_restores_the_same_states():
    st = stepper()
    for _ in range(6):
        st.step()
    after6 = st.state
    st.undo_button.click()
    st.undo_button.click()
    assert st.state.move_number == 4 and len(st.log) == 4
    assert not st.redo_button.disabled
    st.redo_button.click()
    st.redo_button.click()
    assert st.state == after6 and st.state.history() == after6.history()
    assert st.redo_button.disabled and len(st.log) == 6


def test_undo_then_step_replays_the_same_move_seeded_by_position():
    st = stepper()
    for _ in range(7):
        st.step()
    history = st.state.history()
    for _ in range(3):
        st.undo()
    for _ in range(3):
        st.step()
    assert st.state.history() == history


def test_same_seed_same_game_and_seed_box_changes_it():
    a, b = stepper(), stepper()
    a.play_to_end()
    b.end_button.click()
    assert a.state.is_terminal() and a.state.history() == b.state.history()
    b.seed_box.value = 99
    b.reset_button.click()  # the game has moves: it asks first
    assert b.state.move_number > 0 and b.confirm.visible
    b.confirm.yes.click()
    assert b.state.move_number == 0 and len(b.log) == 0 and b.seed == 99
    b.play_to_end()
    assert b.state.history() != a.state.history()
    assert "Game over" in b.status.value


def test_finish_phase_stops_when_the_phase_changes():
    st = stepper()
    start = st.view.phase(st.state)
    st.phase_button.click()
    assert st.view.phase(st.state) != start
    assert st.view.phase(st.undo() and st.state) == start  # the last move is the one that changed it


def test_finish_round_stops_when_the_round_changes():
    st = stepper()
    st.round_button.click()
    assert st.state.move_number == 10


def test_human_seat_waits_and_offers_its_legal_actions_as_buttons():
    st = stepper(seats=(HUMAN, "random"))
    st.play_to_end()  # deals the bonuses, then waits for the human
    assert st.state.current_player() == 0 and st.is_human_turn()
    assert st.step() == 0 and "Waiting for Player 1" in st.message.value
    assert st.step_button.disabled and st.chooser.visible
    labels = [b.description for b in st.chooser.buttons.children]
    assert labels == ["roll", "hold"]
    # one human: their own hidden bonus is shown on their turn
    assert "my_bonus" in st.private.value and st.visible_seat() == 0
    st.autoplay.value = False
    next(b for b in st.chooser.buttons.children if b.description == "roll").click()
    # (a human plays a game with hidden information: the seeded die answers at once, its roll joins the entry)
    assert not st.state.is_chance() and st.state.move_number > 3
    assert "Player 1: roll" in st.log.shown_texts()[0] and "Chance: die shows" in st.log.shown_texts()[0]


def test_autoplay_answers_a_human_move_until_the_next_human_decision():
    st = stepper(seats=(HUMAN, "random"))
    st.play_to_end()
    st.chooser.choose_label("hold")
    s = st.state
    assert s.is_terminal() or (s.current_player() == 0 and st.chooser.visible)


def test_hotseat_hides_the_hand_until_reveal_and_hides_it_again_for_the_next_seat():
    st = stepper(seats=(HUMAN, HUMAN))
    st.play_to_end()
    seat = st.state.current_player()
    assert st.visible_seat() is None and st.private.value == ""
    assert "Pass the screen to Player" in st.private_title.value and not st.chooser.visible
    assert st.reveal_button.layout.display is None
    st.reveal_button.value = True
    assert st.visible_seat() == seat and "my_bonus" in st.private.value and st.chooser.visible
    assert st._picture.viewers[-1] == seat
    st.chooser.choose_label("hold")  # the turn passes: the next player's view is covered again
    assert st.state.current_player() != seat
    assert st.visible_seat() is None and st.private.value == "" and not st.reveal_button.value
    assert st._picture.viewers[-1] is None


def test_a_bots_hand_stays_hidden_while_a_human_plays_but_shows_in_a_demo():
    st = stepper(seats=("random", HUMAN))
    st.play_to_end()
    st.undo()
    while st.state.current_player() != 0:
        st.undo()
    assert st.visible_seat() is None and "stays hidden" in st.private_title.value
    demo = stepper()
    demo.step()
    demo.step()
    assert demo.visible_seat() == demo.state.current_player() and "my_bonus" in demo.private.value


def test_chance_can_be_chosen_by_hand_to_force_a_die_face():
    st = stepper()
    st.seat_picker.chance.value = CHANCE_CHOOSE
    assert st.chooser.visible and st.step() == 0
    st.autoplay.value = False
    st.chooser.choose_label("deal a bonus 2 (p = 0.5)")
    st.chooser.choose_label("deal a bonus 1 (p = 0.5)")
    assert st.state.bonus == [2, 1]
    st.seat_picker.chance.value = "seeded"
    st.step()  # player 0 (random bot) rolls or holds
    if st.state.is_chance():
        st.seat_picker.chance.value = CHANCE_CHOOSE
        st.chooser.choose_label("die shows 5 (p = 0.167)")
        assert "die shows 5" in st.log.shown_texts()[0]


def test_why_shows_the_bots_candidates_with_values():
    st = stepper(seats=("explaining", "random"))
    st.step()
    st.step()
    st.why_button.click()
    assert "roll" in st.why.value and "0.6" in st.why.value
    ranked = st.explain()
    assert ranked[0] == (Roll(), 0.6)
    plain = stepper(seats=("silent", "silent"))
    plain.step()
    plain.step()
    plain.why_button.click()
    assert "cannot explain" in plain.why.value


def test_why_says_what_the_bots_candidates_are_ranked_by():
    st = stepper(seats=("explaining", "random"))
    st.step()
    st.step()
    st.why_button.click()
    heading, table = st.why.value.split("<table", 1)
    assert "The bot's candidates, ranked by its value, best first:" in heading and "<th>value</th>" in table


def test_a_bots_why_is_withheld_while_a_human_plays_a_game_with_hidden_information():
    st = stepper(seats=("explaining", HUMAN))
    st.autoplay.value = False
    while st.state.current_player() != 0:
        st.chooser.choose_label(st.chooser.labels()[0]) if st.is_human_turn() else st.step()
    assert st.explain() == [] and "stay hidden while a human plays" in st.why.value
    assert "0.6" not in st.why.value and "stay hidden" in st.why_button.tooltip
    open_view = view(hidden_information=False)
    st = GameStepper(open_view, players=2, seed=3, seats=["explaining", HUMAN])
    while st.state.current_player() != 0:
        st.chooser.choose_label(st.chooser.labels()[0]) if st.is_human_turn() else st.step()
    assert st.explain()[0] == (Roll(), 0.6)


def test_start_from_continues_a_given_position_with_an_empty_log():
    st = stepper()
    for _ in range(6):
        st.step()
    middle = st.state
    fresh = stepper(seats=(HUMAN, "random"))
    fresh.start_from(middle)
    assert fresh.state is middle and len(fresh.log) == 0 and not fresh.undo()
    with pytest.raises(ValueError, match="plays toy"):
        fresh.start_from(HIDDEN.new_game(2))


def test_players_menu_starts_a_new_game_with_that_many_seats_after_asking():
    st = stepper()
    st.step()
    st.seat_picker.players.value = 3
    assert st.confirm.visible and st.state.num_players == 2  # asks first: the game has a move
    st.confirm.no.click()
    assert st.seat_picker.players.value == 2 and st.state.move_number == 1
    st.seat_picker.players.value = 3
    st.confirm.yes.click()
    assert st.state.num_players == 3 and st.state.move_number == 0
    assert [m.layout.display for m in st.seat_picker.menus] == [None, None, None, "none"]


def test_picture_is_redrawn_as_svg_and_text_form_on_request():
    st = stepper()
    st.step()
    assert st.picture.markup.startswith("<svg") and st.picture.targets == []
    st.settings.selected_index = 2
    assert "turn total" in st.text_form.value


def test_log_shows_only_the_newest_entries_but_keeps_all():
    st = GameStepper(view(), players=2, seed=3, seats=["random", "random"], log_limit=5)
    for _ in range(9):
        st.step()
    assert len(st.log) == 9 and len(st.log.shown_texts()) == 5 and len(st.log.view.targets) == 5
    assert "4 earlier entries" in st.log.view.markup


def test_chooser_switches_to_two_menus_when_actions_are_many():
    chosen = []
    chooser = ActionChooser(chosen.append, max_buttons=3)
    groups = {"Deal": [(f"deal {b}", Deal(b)) for b in (1, 2)], "Die": [(f"face {p}", Face(p)) for p in range(1, 7)]}
    chooser.show("<b>pick</b>", groups)
    assert chooser.buttons.layout.display == "none" and chooser.menus.layout.display is None
    assert chooser.group_menu.options == (("Deal (2)", "Deal"), ("Die (6)", "Die"))
    chooser.group_menu.value = "Die"
    chooser.action_menu.value = 3
    chooser.play.click()
    assert chosen == [Face(4)]
    assert undescribed_controls(chooser.box) == []


def test_scrubber_moves_with_slider_and_buttons():
    frames = []
    sc = Scrubber(4, render=lambda i: frames.append(i) or f"<svg>{i}</svg>", caption=lambda i: f"frame {i}",
                  description="Round")
    assert sc.index == 3 and sc.next_button.disabled and sc.caption.value == "frame 3"
    sc.prev_button.click()
    sc.slider.value = 0
    assert frames[-2:] == [2, 0] and sc.prev_button.disabled
    assert undescribed_controls(sc.widget) == []
    with pytest.raises(ValueError):
        Scrubber(0, render=lambda i: "", caption=str)
    assert sc.picture.markup == "<svg>0</svg>"


# -- play by clicking, autoplay, time travel, save and load, chance under control -----------------------------
def human_to_move(seats=(HUMAN, "random")) -> GameStepper:
    st = stepper(seats=seats)
    st.play_to_end()  # deals the bonuses, then waits for the human
    assert st.state.current_player() == 0 and st.is_human_turn()
    return st


def test_the_humans_legal_actions_are_the_pictures_targets_and_a_click_chooses_after_confirming():
    st = human_to_move()
    assert sorted(st.picture.targets) == ["bank", "die"] and st._picture.targets[-1] == {"bank": "hold", "die": "roll"}
    st.autoplay.value = False
    st.picture.click("die")  # the first click chooses and asks to confirm
    assert st.picture.chosen == "die" and st.chooser.labels() == ["roll"] and st.state.current_player() == 0
    st.picture.click("die")  # the second click on it plays it (and the seeded die answers: a human plays)
    assert Roll() in st.state.history()[-2:] and not st.state.is_chance()
    if st.state.current_player() != 0:
        assert st.picture.targets == []
        with pytest.raises(KeyError):
            st.picture.click("bank")  # nothing is clickable on the other seat's turn


def test_a_covered_hot_seat_offers_nothing_to_click_until_revealed():
    st = human_to_move(seats=(HUMAN, HUMAN))
    assert st.picture.targets == [] and st._picture.targets[-1] == {}
    st.reveal_button.value = True
    assert sorted(st.picture.targets) == ["bank", "die"]


def test_autoplay_ticks_one_move_at_a_time_and_pauses_for_a_human():
    st = GameStepper(view(), players=2, seed=1, seats=["random", HUMAN])
    st.play_button.value = True  # pressing Play plays the first move at once (the deals before the first decision)
    assert st.playing and st.bridge.playing and st.public_move() == 0 and not st.state.is_chance()
    assert "Pause" in st.play_button.description
    while st.playing:
        before = st.public_move()  # (a human plays a game with hidden information: decisions are counted)
        st.bridge.tick()
        assert st.public_move() in (before, before + 1) and not st.state.is_chance()
    assert st.is_human_turn() and not st.bridge.playing and "Play" in st.play_button.description
    st.press_key("p")  # the keyboard: P plays, but a human must choose first
    assert not st.playing


def test_timeline_and_log_entries_travel_in_time_and_redo_goes_forward_again():
    st = stepper()
    for _ in range(8):
        st.step()
    history = st.state.history()
    assert (st.timeline.min, st.timeline.max, st.timeline.value) == (0, 8, 8)
    st.timeline.value = 3
    assert st.state.move_number == 3 and st.state.history() == history[:3] and len(st.log) == 3
    assert len(st.log.future_texts()) == 5 and st.timeline.max == 8 and "move-6" in st.log.view.targets
    assert "move-7" not in st.log.view.targets and "2 more after them" in st.log.view.markup  # the next 3 shown
    st.log.view.click("move-6")  # a greyed entry: forward again, the same moves
    assert st.state.history() == history[:6] and st.timeline.value == 6
    st.jump(0)
    assert st.state.move_number == 0 and st.undo_button.disabled
    st.press_key("r")
    assert st.state.history() == history[:1]
    st.step()  # the seeded move again: the same as before
    assert st.state.history() == history[:2] and st.timeline.max == 8


def test_save_then_load_gives_the_same_game_with_its_whole_history():
    st = stepper()
    for _ in range(9):
        st.step()
    text = st.save_text()
    assert record.load(text, SPEC) == st.state
    fresh = stepper()
    fresh.step()
    fresh.upload.value = ({"name": "toy.json", "type": "application/json", "size": len(text),
                           "content": memoryview(text.encode()), "last_modified": datetime.now(timezone.utc)},)
    assert fresh.confirm.visible  # loading replaces a game with moves: asks first
    fresh.confirm.yes.click()
    assert fresh.state == st.state and fresh.state.history() == st.state.history() and fresh.upload.value == ()
    assert fresh.log.texts() == st.log.texts() and fresh.timeline.min == 0 and fresh.timeline.value == 9
    fresh.load_text("{not json")
    assert "Cannot load that file" in fresh.message.value and fresh.state == st.state
    opened = GameStepper(view(), seed=3, state=st.state)
    assert opened.state == st.state and len(opened.log) == 9 and opened.seat_picker.players.value == 2


def test_on_change_hears_every_new_position_once():
    st = stepper()
    seen = []
    st.on_change.append(lambda s: seen.append(s.move_number))
    st.round_button.click()
    assert seen == list(range(1, 11))
    st.undo()
    st.jump(2)
    st.redo()
    assert seen[10:] == [9, 2, 3]


def test_chance_can_be_left_to_the_seed_one_outcome_or_a_whole_phase():
    st = stepper()
    st.seat_picker.chance.value = CHANCE_CHOOSE
    assert st.chance_one in st.chooser.extras.children and st.chance_phase in st.chooser.extras.children
    st.autoplay.value = False
    st.chance_one.click()
    assert st.state.move_number == 1 and st.state.is_chance() and st.chooser.visible
    st.chance_phase.click()  # the second bonus, then the bots play on until the phase changes
    assert st.state.move_number > 2 and st.seat_picker.chance.value == CHANCE_CHOOSE


def test_game_over_shows_the_winner_and_the_ranking_with_the_games_words():
    st = stepper()
    st.play_to_end()
    returns = st.state.returns()
    best = max(range(2), key=lambda p: returns[p])
    assert st.banner.layout.display is None and "Game over" in st.banner.value
    assert f"Player {best + 1} win" in st.banner.value and f"{returns[best]:g} points" in st.banner.value
    assert "Final ranking: 1." in st.banner.value
    st.undo()
    assert st.banner.layout.display == "none"


def test_ranking_shares_places_between_equal_results():
    assert ranking([3.0, 5.0, 3.0, 1.0]) == [(1, 1), (2, 0), (2, 2), (4, 3)]


def test_keys_step_undo_and_redo():
    st = stepper()
    st.bridge.press("s")
    st.bridge.press("s")
    st.bridge.press("u")
    assert st.state.move_number == 1 and st.bridge.shortcuts == ["s", "u", "r", "p", "f"]
    st.bridge.press("r")
    assert st.state.move_number == 2


def test_variants_are_read_from_the_spec_and_apply_to_the_next_new_game():
    st = stepper()
    assert [c.option for c in st.variants] == list(SPEC.option_defaults)


def test_classroom_page_has_a_tab_per_widget_and_a_big_type_switch():
    from gamekit.widgets.classroom import classroom

    a, b = stepper(), stepper()
    page = classroom({"One": a, "Two": b.widget}, selected="Two")
    assert page.tab.titles == ("One", "Two") and page.tab.selected_index == 1
    assert undescribed_controls(page) == []
    page.big_type.value = True
    assert "gk-big" in page._dom_classes
    page.big_type.value = False
    assert "gk-big" not in page._dom_classes


def test_pictures_refuse_text_too_small_for_a_projector():
    """14 px: what the back of the room reads at 1920x1080 (issue 29)."""
    svg = Svg(100, 40)
    svg.text(10, 10, "readable", 14)
    with pytest.raises(ValueError, match="below the 14 px"):
        svg.text(10, 30, "too small", 13)


def test_the_hover_tint_multiplies_so_the_words_under_it_stay_black():
    """A yellow veil over a card (hover, focus) greyed its black words out; multiplied in, black stays black."""
    import re

    from gamekit.widgets.clickable import CLICKABLE_CSS

    hover = re.search(r"\.gk-target:hover \.gk-hit[^{]*\{([^}]*)\}", CLICKABLE_CSS).group(1)
    assert "fill: rgba(240, 228, 66" in hover and "mix-blend-mode: multiply" in hover


def test_seating_a_human_counts_decisions_and_a_game_of_bots_counts_moves():
    """While a human plays a game with hidden information the log, the timeline and the status count decisions
    (a chance step's words join the entry before it); in a game of bots they count moves, chance included."""
    st = stepper(seats=("random", "random"))
    for _ in range(8):
        st.step()
    moves = st.state.move_number
    decisions = sum(not s.is_chance() for s in list(states_along(st.state))[:-1])
    assert len(st.log) == moves and st.timeline.value == moves and f"move {moves}" in st.status.value
    st.seat_picker.menus[1].value = HUMAN  # (not this seat's turn: nothing moves)
    assert st.state.move_number == moves and st.public_move() != moves
    assert st.public_move() == decisions and st.timeline.value == decisions and len(st.log) == decisions + 1
    assert st.log.texts()[0].startswith("#0 Chance") and f"move {decisions}" in st.status.value
    assert all(not t.startswith("#") or "Chance" not in t.splitlines()[0] for t in st.log.texts()[1:])
    st.seat_picker.menus[1].value = "random"
    assert len(st.log) == moves and st.timeline.value == moves and st.public_move() == moves
