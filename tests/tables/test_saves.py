"""The single-user stepper keeps its game on disk: a new stepper (a reloaded page) continues it."""
from __future__ import annotations

import pytest

from firstgiants.widgets import stepper as firstgiants_stepper
from gamekit.tables.saves import SavedGames, keep
from giganten.widgets import stepper as giganten_stepper


def test_a_kept_stepper_continues_after_a_reload_and_keeps_each_new_state(tmp_path):
    first = giganten_stepper(players=3, seed=7, seats=["human", "heuristic", "heuristic"])
    keep(first, "lesson", tmp_path)
    first.play_to_end()  # up to Red's (the human's) first choice
    first.choose(first.state.legal_actions()[0])
    played = first.state.history()
    assert len(played) > 10

    reloaded = giganten_stepper(players=3, seed=7, seats=["human", "heuristic", "heuristic"])
    keep(reloaded, "lesson", tmp_path)
    assert reloaded.state.history() == played
    assert reloaded.log.texts() == first.log.texts()  # the log (and Undo) reach back to the first move
    reloaded.reset()  # a new game is kept too
    assert SavedGames(tmp_path).load("lesson", reloaded.view.spec).history() == reloaded.state.history()


def test_each_name_keeps_its_own_game_and_another_games_save_is_not_loaded(tmp_path):
    giganten_game = giganten_stepper(players=3, seed=1, seats=["heuristic"] * 3)
    keep(giganten_game, "a", tmp_path)
    giganten_game.step()
    other = giganten_stepper(players=3, seed=1, seats=["heuristic"] * 3)
    keep(other, "b", tmp_path)
    assert other.state.move_number == 0
    with pytest.warns(UserWarning, match="is giganten, not firstgiants"):
        museum = firstgiants_stepper(players=3, seed=1)
        keep(museum, "a", tmp_path)
    assert museum.state.move_number == 0
    assert sorted(SavedGames(tmp_path).names()) == ["a", "b"]
    with pytest.raises(ValueError):
        SavedGames(tmp_path).save("", museum.state)


def test_the_kits_folder_is_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("GIANTS_KIT_HOME", str(tmp_path / "home"))
    game = giganten_stepper(players=3, seed=1, seats=["heuristic"] * 3)
    keep(game, "default")
    assert (tmp_path / "home" / "steppers.sqlite3").is_file()
