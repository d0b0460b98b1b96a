"""The cost of reading events in another language: microseconds per event worded in en, da and de.

    python benchmarks/bench_i18n.py            # 40 random games of each game
    python benchmarks/bench_i18n.py --games 5

Random games of Giganten (3 players) and First Giants (3 players) are played once; then every event of
every state is worded in each language (``gamekit.i18n.using``), best of three passes, CPU time
(``time.process_time``).  English words the templates directly; Danish and German look each template up
in the catalogue and translate the English pieces the rules build (``gamekit.i18n.wording``).  Also: the
time to compile each catalogue from its ``.po`` at first use.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import firstgiants  # noqa: E402
import giganten  # noqa: E402
from gamekit import RandomBot, play  # noqa: E402
from gamekit.i18n import LANGUAGES, SOURCE, translations, using  # noqa: E402


def _states(game, players: int, seed: int) -> list:
    out = [game.new_game(players)]
    play(out[0], [RandomBot(seed * 31 + i) for i in range(players)], seed, on_move=lambda _b, a: out.append(a))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    games = parser.parse_args().games
    for lang in LANGUAGES:
        if lang != SOURCE:
            start = time.perf_counter()
            translations(lang)
            print(f"catalogue {lang}: compiled from its .po in {(time.perf_counter() - start) * 1e3:.1f} ms")
    for game in (giganten, firstgiants):
        states = [s for seed in range(games) for s in _states(game, 3, seed)]
        events = sum(len(s.raw_events) for s in states)
        for lang in LANGUAGES:
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                with using(lang):
                    for state in states:
                        state.events  # noqa: B018  (worded when read)
                best = min(best, time.process_time() - start)
            print(f"{game.__name__}: {events} events of {games} games worded in {lang}: "
                  f"{best * 1e6 / events:.1f} µs per event")


if __name__ == "__main__":
    main()
