"""The shared widgets (stepper, log, seats, action chooser, scrubber), clicked in plain pytest on the toy game."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

from gamekit import RandomBot
from gamekit.plotting import figure_png, new_figure
from gamekit.widgets import (CHANCE_CHOOSE, HUMAN, GameStepper, GameView, Scrubber, output_texts,
                             undescribed_controls)
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
    """Draws the banked points as bars (enough to check that the stepper redraws)."""

    def __init__(self):
        self.fig = new_figure(3, 2, dpi=50)
        self.ax = self.fig.add_subplot()
        self.viewers = []

    def render(self, state, viewer):
        self.viewers.append(viewer)
        self.ax.clear()
        self.ax.bar(range(state.num_players), state.banked)
        return figure_png(self.fig)


def view(**kw) -> GameView:
    return GameView(spec=SPEC, bots=BOTS, title="Toy dice", phase=lambda s: f"Player {s.to_move + 1}'s turn",
                    round=lambda s: f"Stage {s.move_number // 10}",
                    action_text=lambda s, a: str(a) if isinstance(a, Face) or not s.is_chance() else None,
                    picture=ToyPicture, **kw)


def stepper(seats=("random", "random"), **kw) -> GameStepper:
    return GameStepper(view(), players=2, seed=3, seats=list(seats), **kw)


def test_every_control_has_a_description_and_a_tooltip():
    st = stepper()
    assert undescribed_controls(st.widget) == []


def test_step_button_plays_one_action_and_logs_it():
    st = stepper()
    st.step_button.click()
    assert st.state.move_number == 1
    assert len(st.log) == 1 and len(st.log.output.outputs) == 1
    # dealing the secret bonus is a hidden chance outcome: the log names no value
    assert "bonus" not in output_texts(st.log.output)[0]
    assert "Chance" in output_texts(st.log.output)[0]


def test_log_entries_name_rulebook_sections_newest_first():
    st = stepper()
    for _ in range(8):
        st.step()
    texts = output_texts(st.log.output)
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
    b.reset_button.click()
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
    assert st.state.is_chance() and st.state.move_number > 2
    assert "Player 1: roll" in output_texts(st.log.output)[0]


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
    demo.step(); demo.step()
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
        assert "die shows 5" in output_texts(st.log.output)[0]


def test_why_shows_the_bots_candidates_with_values():
    st = stepper(seats=("explaining", "random"))
    st.step(); st.step()
    st.why_button.click()
    assert "roll" in st.why.value and "0.6" in st.why.value
    ranked = st.explain()
    assert ranked[0] == (Roll(), 0.6)
    plain = stepper(seats=("silent", "silent"))
    plain.step(); plain.step()
    plain.why_button.click()
    assert "cannot explain" in plain.why.value


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


def test_players_menu_starts_a_new_game_with_that_many_seats():
    st = stepper()
    st.step()
    st.seat_picker.players.value = 3
    assert st.state.num_players == 3 and st.state.move_number == 0
    assert [m.layout.display for m in st.seat_picker.menus] == [None, None, None, "none"]


def test_picture_is_redrawn_as_png_and_text_form_on_request():
    st = stepper()
    st.step()
    assert st.image.value[:4] == b"\x89PNG"
    st.settings.selected_index = 1
    assert "turn total" in st.text_form.value


def test_log_shows_only_the_newest_entries_but_keeps_all():
    st = GameStepper(view(), players=2, seed=3, seats=["random", "random"], log_limit=5)
    for _ in range(9):
        st.step()
    assert len(st.log) == 9 and len(st.log.output.outputs) == 6
    assert "4 earlier entries" in output_texts(st.log.output)[-1]


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
    sc = Scrubber(4, render=lambda i: frames.append(i) or b"\x89PNG", caption=lambda i: f"frame {i}",
                  description="Round")
    assert sc.index == 3 and sc.next_button.disabled and sc.caption.value == "frame 3"
    sc.prev_button.click()
    sc.slider.value = 0
    assert frames[-2:] == [2, 0] and sc.prev_button.disabled
    assert undescribed_controls(sc.widget) == []
    with pytest.raises(ValueError):
        Scrubber(0, render=lambda i: b"", caption=str)
