"""A hash of what seeded games do: the check that a refactoring changed no game.

    python benchmarks/trace_hash.py            # prints one hash per part and a total
    python benchmarks/trace_hash.py --games 40 # fewer games, quicker

For both games and every player count it plays seeded random games through the protocol and hashes,
move by move, each action's JSON, its events' sections and players, the current player, the legal actions or
chance outcomes offered, every seat's observation every few moves, and at the end the returns, the save file and
every seat's observation: the games' course.  Hashed apart, so that a change of wording shows as such and not as
a changed game: the words (the events' sentences, the first legal actions described, the text form of the state)
and the refusals (rule and message) of a few illegal actions.  First Giants' in-place ``State.playout`` is
hashed as well (its history and final observation).  Internal layouts (slots, fingerprints) are deliberately
left out, so the state can be restructured; anything a user can see is in.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import firstgiants  # noqa: E402
import giganten  # noqa: E402
from gamekit import IllegalAction, sample_chance  # noqa: E402

OBSERVE_EVERY = 7


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def _feed_refusals(h: "hashlib._Hash", state, rng: random.Random, foreign: list) -> None:
    """Try a few actions that are not offered here and hash the refusal each gets."""
    offered = state.legal_actions() if not state.is_chance() else [a for a, _ in state.chance_outcomes()]
    for action in rng.sample(foreign, min(2, len(foreign))):
        if action in offered:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            h.update(_dump([exc.rule, str(exc)]))
        else:
            h.update(b"accepted:" + _dump(action.to_json()))


def trace(module, players: int, seed: int) -> tuple[bytes, bytes, bytes]:
    """The hashes of one seeded random game through the protocol: its course, its words and the refusals."""
    h, words, refusals = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    rng = random.Random(seed)
    state = module.new_game(players)
    seen: list = []
    move = 0
    while not state.is_terminal():
        h.update(_dump([state.current_player(), state.is_chance()]))
        if state.is_chance():
            outcomes = state.chance_outcomes()
            h.update(_dump([[a.to_json(), round(p, 12)] for a, p in outcomes]))
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            h.update(_dump([a.to_json() for a in legal]))
            words.update(_dump([state.describe(a) for a in legal[:3]]) if hasattr(state, "describe") else b"")
            action = legal[rng.randrange(len(legal))]
        if move % 5 == 0 and seen:
            _feed_refusals(refusals, state, rng, seen)
        if move % OBSERVE_EVERY == 0:
            for p in range(players):
                h.update(_dump(state.observation(p)))
            words.update(str(state).encode())
        state = state.apply(action)
        if len(seen) < 400:
            seen.append(action)
        h.update(_dump(action.to_json()))
        h.update(_dump([[e.section, e.player] for e in state.events]))
        words.update(_dump([e.text for e in state.events]))
        move += 1
    h.update(_dump(state.returns()))
    h.update(state.to_json().encode())
    words.update(str(state).encode())
    for p in range(players):
        h.update(_dump(state.observation(p)))
    return h.digest(), words.digest(), refusals.digest()


def playout_trace(players: int, seed: int) -> bytes:
    state = firstgiants.new_game(players).playout(random.Random(seed))
    return hashlib.sha256(state.to_json().encode() + _dump(state.observation(0)) + _dump(state.returns())).digest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per game and player count")
    args = parser.parse_args()
    total, total_words, total_refusals = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    parts = [("giganten", giganten, (3, 4)), ("firstgiants", firstgiants, (2, 3, 4, 5))]
    for name, module, counts in parts:
        for n in counts:
            h, worded, refused = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
            for seed in range(args.games):
                course, words, refusals = trace(module, n, 1000 * n + seed)
                h.update(course)
                worded.update(words)
                refused.update(refusals)
            print(f"{name} {n} players, protocol: {h.hexdigest()[:16]}  words: {worded.hexdigest()[:16]}  "
                  f"refusals: {refused.hexdigest()[:16]}")
            total.update(h.digest())
            total_words.update(worded.digest())
            total_refusals.update(refused.digest())
    for n in (2, 3, 4, 5):
        h = hashlib.sha256()
        for seed in range(args.games * 5):
            h.update(playout_trace(n, seed))
        print(f"firstgiants {n} players, playout: {h.hexdigest()[:16]}")
        total.update(h.digest())
    print(f"total (games): {total.hexdigest()[:16]}  total (words): {total_words.hexdigest()[:16]}  "
          f"total (refusals' words): {total_refusals.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
