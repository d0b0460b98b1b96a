"""The Giganten stepper and locomotive race, clicked in plain pytest."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import giganten as g
from gamekit import RandomBot, play
from gamekit.widgets import CHANCE_CHOOSE, HUMAN, undescribed_controls
from giganten import rules as R
from giganten.widgets import group_actions, locomotive_race, stepper


def test_controls_described_and_seats_offer_the_games_bots():
    st = stepper(seed=1, seats=["random"] * 4)
    assert undescribed_controls(st.widget) == []
    options = [key for _, key in st.seat_picker.menus[0].options]
    assert options[0] == HUMAN and {"random", "heuristic", "search"} <= set(options)
    assert st.seat_picker.players.options == (3, 4)


def test_finish_round_and_phase_follow_the_engine():
    st = stepper(seed=2, seats=["random"] * 4)
    st.round_button.click()  # the face-down tiles are dealt: round 1 begins
    assert st.state.round == 1 and st.state.phase == R.ROLL
    st.phase_button.click()  # Action 1: the three price rolls
    assert st.state.phase == R.RED and st.state.move_number == 36 + 3
    st.round_button.click()
    assert st.state.round == 2 and "Round 2" in st.status.value
    texts = st.log.shown_texts()
    assert any("[Action 1 — Change Market Prices]" in t for t in texts)
    assert any("[Action 9 — Pass the Die]" in t for t in texts)
    assert st.picture.markup.startswith("<svg") and "licenses" in st.summary.value


def test_secret_draws_stay_out_of_the_log():
    st = stepper(seed=3, seats=["random"] * 4)
    st.round_button.click()
    st.round_button.click()
    heads = [t.splitlines()[0] for t in st.log.texts()]
    assert not any("deal a tile" in h or "licenses (" in h for h in heads)
    assert any("the die shows" in h for h in heads)  # public chance outcomes are named
    assert any("their values stay secret" in t for t in st.log.texts())


def test_hot_seat_hides_licenses_until_reveal_and_groups_truck_moves():
    st = stepper(seed=4, seats=[HUMAN, HUMAN, "random", "random"])
    st.play_to_end()  # runs until a human must choose
    s = st.state
    seat = s.current_player()
    assert seat in (0, 1) and st.visible_seat() is None
    assert "Licenses" not in st.private.value and not st.chooser.visible
    st.reveal_button.value = True
    assert "Licenses" in st.private.value and st.chooser.visible
    ones, twos = s.licenses(seat)
    assert f"<b>{ones}</b> of value 1 and <b>{twos}</b> of value 2" in st.private.value
    # play on until a human seat moves its truck: the many destinations come as menus
    for _ in range(200):
        s = st.state
        if s.phase == R.MOVE and st.seats[s.current_player()] == HUMAN:
            break
        st.reveal_button.value = True
        labels = st.chooser.labels()
        st.chooser.choose_label(labels[0])
    assert s.phase == R.MOVE
    st.reveal_button.value = True
    groups = group_actions(s, s.legal_actions())
    if len(s.legal_actions()) > st.chooser.max_buttons:
        assert st.chooser.menus.layout.display is None
        assert any(g.startswith("Drive the truck") or g.startswith("Place the truck") for g in groups)
    assert "Movement points left" in st.private.value


def test_undo_redo_and_why_from_the_heuristic_bot():
    st = stepper(seed=5, seats=["heuristic", "random", "random", "random"])
    st.round_button.click()
    while st.state.current_player() != 0:
        st.step()
    before = st.state
    st.why_button.click()
    st.advisor.wait_for_coach()  # (the coach works in a thread)
    assert "Why? (the coach, Red" in st.why.value  # (the coach weighs the bot's options: GameView.advisor)
    assert "final result (dollars)" in st.why.value and "$" in st.why.value and "% ±" in st.why.value
    assert "chance of winning" in st.why.value and "Best: " in st.why.value
    st.step()
    st.undo_button.click()
    assert st.state == before
    st.redo_button.click()
    assert st.state.history()[:-1] == before.history()


def test_locomotive_race_scrubs_through_the_rounds():
    end = play(g.new_game(4), [RandomBot(i) for i in range(4)], seed=3)
    race = locomotive_race(end)
    assert undescribed_controls(race.widget) == []
    sc = race.scrubber
    assert sc.last == len(race.snapshots) - 1 and "end of the game" in sc.caption.value
    assert f"End of the game (round {end.round}): the rail race" in sc.picture.markup  # as the slider says "end"
    assert sc.slider.label == "end" and sc.slider.options[2][0] == "round 3"
    sc.slider.value = 2
    assert "start of round 3" in sc.caption.value and sc.picture.markup.startswith("<svg")
    assert "Round 3: the rail race" in sc.picture.markup
    sc.prev_button.click()
    assert sc.index == 1 and f"black locomotive on space {race.snapshots[1].black}" in sc.caption.value


def test_choosing_chance_by_hand_says_what_the_outcome_decides():
    draw = g.from_position({"players": [{"card": "beige card (5 licenses, 8 moves)"},
                                        {"card": "beige card (2 licenses, 10 moves, change a price by up to 2)"},
                                        {"card": "red card (black +1, 4 licenses, 2 moves, take 1 oil chip)"}],
                            "phase": "licenses", "turn": "Blue", "licenses_to_draw": 2, "black_locomotive": 1})
    st = stepper(state=draw, seats=["heuristic"] * 3)
    st.seat_picker.chance.value = CHANCE_CHOOSE
    assert st.chooser.visible and "Blue draws 2 sales licenses" in st.chooser.title.value
    assert draw.chance_concerns().text.startswith("Blue draws 2 sales licenses")


def test_a_bid_is_chosen_with_a_number_box_not_a_long_menu():
    """Issue 29: the bid was a 23-entry menu.  The amounts go to a number box (its button says what it plays,
    an amount not on offer is refused), the other choices (pass) stay buttons."""
    import random

    from giganten.actions import Bid

    st, rng = stepper(seed=5, seats=[HUMAN, "random", "random", "random"]), random.Random(0)
    for _ in range(3000):
        if st.state.is_terminal() or any(isinstance(a, Bid) for a in st.state.legal_actions()):
            break
        if st.is_human_turn():
            st.chooser.choose_label(rng.choice(st.chooser.labels()))
        else:
            st.step()
    bids = sorted(a.amount for a in st.state.legal_actions() if isinstance(a, Bid))
    assert len(bids) >= 2 and st.chooser.amount_row.layout.display is None
    assert st.chooser.menus.layout.display == "none"  # no menu of amounts
    assert [b.description for b in st.chooser.buttons.children] == ["pass"]
    assert (st.chooser.amount.min, st.chooser.amount.max) == (bids[0], bids[-1])
    assert st.chooser.amount_play.description == f"bid {bids[0]}"
    st.chooser.amount.value = bids[-1]
    assert st.chooser.amount_play.description == f"bid {bids[-1]}" and not st.chooser.amount_play.disabled
    before = st.state.move_number
    st.chooser.amount_play.click()
    assert st.state.history()[before] == Bid(bids[-1])


def test_the_new_game_question_shows_next_to_its_button():
    """Issue 29: the question appeared about 600 px above "New game…" (at the top of the side panel); it now shows
    in the settings tab whose button asked, under that button's row, and nowhere in the side panel."""
    from gamekit.widgets import walk

    st = stepper(seed=1, seats=["random"] * 4)
    st.step()
    st.reset_button.click()
    assert st.confirm.visible and "Start a new game?" in st.confirm.question.value
    game, files = st.settings.children[0], st.settings.children[1]
    rows = list(game.children)
    below = rows.index(st.confirm.box)
    assert any(st.reset_button in row.children for row in rows[below - 2:below])
    assert st.confirm.box in files.children and st.confirm.box not in list(walk(st.side))
    st.confirm.no.click()
    assert st.state.move_number == 1


def test_bots_play_at_a_watchable_pace_while_a_page_shows_the_stepper():
    """Issue 29: handing the seats to bots played about 400 moves in a second.  With the setting on (the
    default) and a page showing the stepper, Play to end (like Finish phase / round and the bots' answers)
    plays one bot move per beat of the Speed setting, the chance outcomes around it at once; Pause stops it.
    Off, or with no page (scripts, tests), the run is played at once."""
    st = stepper(seed=2, seats=["random"] * 4)
    assert st.pace.value and not st.watched_pace()  # on by default; no page yet
    st.bridge._on_message(st.bridge, {"event": "shown"}, [])  # what the page's side of the stepper sends
    assert st.watched_pace()
    st.end_button.click()
    assert st.playing and not st.state.is_chance() and not st.state.is_terminal()  # the deal at once, no bot yet
    for _ in range(5):
        before = st.state
        st.bridge.tick()  # a beat of the browser's clock
        decisions = [a for s, a in zip(st._path, st.state.history()) if s.move_number >= before.move_number
                     and not s.is_chance()]
        assert len(decisions) == 1 and st.playing  # one bot move per beat
    st.toggle_play()  # Pause
    paused_at = st.state.move_number
    st.bridge.tick()
    assert not st.playing and st.state.move_number == paused_at
    st.pace.value = False
    st.end_button.click()
    assert st.state.is_terminal()  # all at once
