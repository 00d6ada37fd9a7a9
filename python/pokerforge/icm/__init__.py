"""Tournament decisions: prize equity by ICM and push/fold equilibria.

[`icm()`][pokerforge.icm.icm] turns stacks and a payout table into each player's expected prize
(Malmuth-Harville or Malmuth-Weitzman, exact up to 22 players with chips, seeded Monte
Carlo beyond); [`bubble_factors()`][pokerforge.icm.bubble_factors] and
[`risk_premiums()`][pokerforge.icm.risk_premiums] say what chips are worth in each confrontation;
[`icm_deal()`][pokerforge.icm.icm_deal] splits a prize pool in whole cents;
[`push_fold()`][pokerforge.icm.push_fold.push_fold] solves push/fold spots of 2 to 10 players by
chips or by ICM; [`decisions()`][pokerforge.icm.decisions] values shoving, calling and folding at a
table of 2 to 10 players for given ranges, and [`push_fold_table()`][pokerforge.icm.push_fold_table]
finds that table's equilibrium. The method and its sources are in the guide (``docs/icm.md``).

Examples:
    >>> from pokerforge.icm import icm, push_fold
    >>> [round(e, 2) for e in icm([5000, 3000, 2000], [70, 30])]
    [45.18, 32.25, 22.57]
    >>> push_fold([8, 8], (0.5, 1)).shove.weight("Kh2c")      # K2o: shoved at 8 bb
    1.0
"""

from pokerforge.errors import InvalidPayoutError, InvalidStackError
from pokerforge.icm.model import (
    IcmEquities,
    Method,
    Model,
    bubble_factors,
    finish_probabilities,
    icm,
    icm_deal,
    risk_premiums,
)
from pokerforge.icm.push_fold import RANKS, PushFoldResult, chart_class, chart_text, push_fold
from pokerforge.icm.table import (
    TableDecisions,
    TableEquilibrium,
    decisions,
    push_fold_table,
    table_positions,
)

__all__ = [
    "RANKS",
    "IcmEquities",
    "InvalidPayoutError",
    "InvalidStackError",
    "Method",
    "Model",
    "PushFoldResult",
    "TableDecisions",
    "TableEquilibrium",
    "bubble_factors",
    "chart_class",
    "chart_text",
    "decisions",
    "finish_probabilities",
    "icm",
    "icm_deal",
    "push_fold",
    "push_fold_table",
    "risk_premiums",
    "table_positions",
]
