"""OpenSpiel's ISMCTS against tonk's greedy bot, through the python_tonk game.

Importing ``tonk.envs.openspiel`` registers ``python_tonk`` with OpenSpiel
(``pip install 'tonk[openspiel]'``). OpenSpiel's own information-set Monte
Carlo tree search bot, with random rollouts, plays pagat's rules against
:class:`tonk.bots.GreedyBot` wrapped as a ``pyspiel.Bot``
(:class:`tonk.envs.openspiel.TonkBot`); the seats swap every hand, and
``pyspiel.evaluate_bots`` deals and plays each hand. ISMCTS samples the cards
it cannot see with ``resample_from_infostate`` (:func:`tonk.determinize`).

Run: ``python examples/openspiel_ismcts.py [hands] [simulations]``.
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tonk.envs.openspiel  # registers python_tonk
from tonk.bots import GreedyBot


def main(hands: int = 6, simulations: int = 30) -> list[float]:
    """Play ``hands`` hands; return ISMCTS's payoff in each."""
    game = pyspiel.load_game("python_tonk(preset=pagat,players=2)")
    rng = np.random.RandomState(7)
    searcher = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    payoffs = []
    for hand in range(hands):
        seat = hand % 2  # ISMCTS sits at seat 0, then seat 1, and so on
        greedy = tonk.envs.openspiel.TonkBot(GreedyBot(), 1 - seat, seed=hand)
        bots = [searcher, greedy] if seat == 0 else [greedy, searcher]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, hand)
        payoffs.append(returns[seat])
        print(f"hand {hand + 1}: ISMCTS (seat {seat}) {returns[seat]:+.0f}")
    print(
        f"ISMCTS ({simulations} simulations a move) against GreedyBot:"
        f" {sum(payoffs):+.0f} over {hands} hands"
    )
    return payoffs


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
