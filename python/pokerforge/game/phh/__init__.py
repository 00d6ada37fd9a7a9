"""PHH hand histories (the TOML-based Poker Hand History standard), by job:

* `export`: [`to_phh()`][pokerforge.game.to_phh], a hand (finished or not) as PHH text;
* `reading`: what the core's reader (the one reader of PHH
  fields and actions, in Rust) reads of a hand, and its problems placed on their lines;
* `game`: the fields made into a game and seats;
* `replay`: [`loads_phh()`][pokerforge.game.loads_phh], [`load_phh()`][pokerforge.game.load_phh],
  [`load_many()`][pokerforge.game.load_many] and `replay()`, every action through the engine's
  rules;
* `checks`: the recorded result against the replay's;
* [`sites`][pokerforge.game.phh.sites]: what each room writes into its records
  ([`SITES`][pokerforge.game.phh.sites.SITES]), applied by every reader.

`pokerforge.game.history` names the same functions (their first home), and
[`pokerforge.histories`][pokerforge.histories] reads many hands at a time.

How pokerforge maps onto PHH:

* Players ``p1 .. pN`` run clockwise from the seat left of the button; the button is
  ``pN`` (heads-up ``p1`` is the big blind). ``seats`` records the hand's own seat numbers
  (plus one) so a history comes back with the same seats.
* ``antes`` and ``blinds_or_straddles`` list forced bets by position: index 0 the small
  blind, 1 the big blind, 2 a straddle (read the other way round heads-up, as PHH says). A
  big-blind ante is a single non-zero ante at index 1; a dead small blind (rule 29) is
  written ``[big, 0, ...]``.
* Variant codes: ``NT``, ``FT``, ``PO``, ``FO/8``, ``F7S``, ``F7S/8`` and ``FR`` from the
  standard; pokerforge's other combinations use codes of the same shape (``PT``, ``NO``,
  ``FO``, ``NO/8``, ``PO/8``).
* Actions ``d dh``, ``d db``, ``pN f``, ``pN cc``, ``pN cbr X`` (a street total) and
  ``pN sm [cards]``; unknown cards ``??`` stay unknown (see
  [`loads_phh()`][pokerforge.game.loads_phh]), and a hand shown ``????`` beside one shown with its
  cards was not tabled (rule 22).
* Stud (``F7S``, ``F7S/8``, ``FR``): ``antes``, ``bring_in``, ``small_bet`` and
  ``big_bet``, no ``blinds_or_straddles``. Third street deals each player three cards in
  one action (two down, then the up card: ``d dh p1 ????Kd``), each later street one card
  (up on fourth to sixth street, down on seventh); ``pN pb`` posts the bring-in, ``pN cbr``
  completes; a common card (rule 41) is ``d db``; a player shows all seven cards in the
  order dealt. Up cards must be known; unknown down cards leave that seat's down cards
  unknown.
* Draw games (rules 47-52): the standard's ``N2L1D``, ``F2L3D`` and ``FB``, and
  pokerforge's codes of their shape for the other structures and games (``N2L3D``,
  ``FAL3D`` for ace-to-five triple draw, ``NB``, ``N5D`` for five-card draw, ...). A
  player's first ``d dh`` deals its hand; in a drawing round ``pN sd`` stands pat and
  ``pN sd cards`` discards, the replacements being the player's next ``d dh`` (written
  after every player's discard, as pokerkit deals them; a reader also takes them right
  after each discard). The cards shown are those held after the draws: they decide the
  showdown for a player whose cards the record does not know.
* Amounts may be decimal (dollars and cents): the hand counts chips of the unit the file
  needs (``hand.chip_value``) and [`to_phh()`][pokerforge.game.to_phh] writes the file's units back,
  exactly.
* A starting stack written ``inf`` is one the room did not record: the replay gives it
  more chips than the record has anyone bet, so it never limits the hand. A negative
  blind is a player's own post (live up to the big blind, the rest dead).
* Rake and the rule profile travel in user-defined fields (``_rake_percent``,
  ``_rake_cap``, ``_rake_no_flop_no_drop``, ``_rules``, and ``_showdown = "ask"`` when the
  players chose to show or muck: their ``sm`` actions are then replayed as choices).
* A board run more than once (rule 26b) is written as PHH writes every board dealt: the
  hands shown once (``pN sm``), then each runout's boards in the order dealt, one
  ``d db`` a street (``d db 3s``, ``d db 4c``, then the second runout's ``d db Jh``,
  ``d db 2d``). The standard has no action for the players' choice: a reader finds the
  count in the board cards dealt after the all-in (seven with the all-in on the flop: the
  flop, then two runouts of a turn and a river), every player having asked for it.
  pokerkit's ``HandHistory`` loader does not replay these files (it always runs the board
  once); its engine does, asked for that count
  (``tests/game/test_phh_runouts_pokerkit.py``).
"""

from pokerforge.errors import InvalidHistoryError, RecordMismatchError
from pokerforge.game.phh.export import to_phh
from pokerforge.game.phh.game import seat_map
from pokerforge.game.phh.reading import Read, toml_fields, unit_of
from pokerforge.game.phh.replay import (
    from_phh,
    load_many,
    load_phh,
    loads_phh,
    replay,
    replay_seated,
)

__all__ = [
    "InvalidHistoryError",
    "Read",
    "RecordMismatchError",
    "from_phh",
    "load_many",
    "load_phh",
    "loads_phh",
    "replay",
    "replay_seated",
    "seat_map",
    "to_phh",
    "toml_fields",
    "unit_of",
]
