"""A test-only two-player bluffing game whose equilibrium is known by hand
(a one-card poker, as in Myerson's textbook). Not a title: it is never
registered, only used by the theory tests.

Chance deals player 0 a High or a Low card (1/2 each), which player 1 does not
see. Player 0 checks (showdown for 1: High wins) or bets; after a bet player 1
folds (player 0 wins 1) or calls (showdown for 2).

By hand: player 0 always bets High and bets Low (bluffs) with probability 1/3;
player 1 calls with probability 2/3; the value is 1/3 for player 0.
"""

from __future__ import annotations

from fractions import Fraction

from nbgames.core import Game, State
from nbgames.core.action_space import ActionSpace, Kind


class BluffGame(Game):
    title = "toy_bluff"
    name = "Toy bluff"
    min_players = 2
    max_players = 2
    options_spec = {}

    def _setup(self):
        self.action_space = ActionSpace(Kind("check", "check"), Kind("bet", "bet"),
                                        Kind("fold", "fold"), Kind("call", "call"))


CHECK, BET, FOLD, CALL = 0, 1, 2, 3


class BluffState(State):
    def _start(self):
        self.card = self._rng().choice(("High", "Low"))
        self.moves = []
        self.current_player = 0

    def _legal_ids(self):
        return [CHECK, BET] if not self.moves else [FOLD, CALL]

    def _apply(self, aid):
        self.moves.append(aid)
        if aid == BET:
            self.current_player = 1
        else:
            self.current_player = None

    def _observation(self, seat):
        return {"card": self.card if seat == 0 else None, "moves": list(self.moves)}

    def _scores(self):
        if self.current_player is not None:
            return [0, 0]
        if self.moves[-1] == FOLD:
            win = 1
        else:
            stake = 1 if self.moves == [CHECK] else 2
            win = stake if self.card == "High" else -stake
        return [win, -win]

    def _winners(self):
        s = self._scores()
        return [0] if s[0] > 0 else [1]

    def _payload(self):
        return {"card": self.card, "moves": list(self.moves)}

    def _load(self, d):
        self.card, self.moves = d["card"], list(d["moves"])

    def _copy_into(self, new):
        new.card = self.card
        new.moves = list(self.moves)

    def _resample(self, seat, rng):
        if seat != 0:
            self.card = rng.choice(("High", "Low"))

    def consistent_worlds(self, seat):
        """Exact enumeration (the theory hook): what ``seat`` cannot tell apart."""
        if seat == 0:
            return [(Fraction(1), self.clone())]
        out = []
        for card in ("High", "Low"):
            s = self.clone()
            s.card = card
            out.append((Fraction(1, 2), s))
        return out

    def check_invariants(self):
        assert self.card in ("High", "Low")


BluffGame.State = BluffState
