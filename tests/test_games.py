"""One table of game names: the core, GameSpec, the command line and the service agree."""

from __future__ import annotations

import json
from typing import get_args

import pytest

from pokerforge import _core, equity, games
from pokerforge.cli import main
from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec
from pokerforge.game.spec import FIVE_CARD_DRAW
from pokerforge.games import (
    ALIASES,
    DRAW_GAME_NAMES,
    DRAW_GAMES,
    GAMES,
    ROWS,
    SHORT_DECK,
    STUD_GAMES,
    Game,
    GameName,
    game_name,
    row,
)
from pokerforge.service.models import EquityRequest, EvaluateRequest, EvaluateResponse

SPELLINGS = [*GAMES, *ALIASES]
# Each game's hands: Hold'em takes two hole cards, Omaha four; Hi-Lo alone has a low.
HANDS: dict[str, list[str]] = {
    "holdem": ["AhKh", "QsQd"],
    "omaha": ["AhKhQd2c", "KsKd3c4c"],
    "omaha-hilo": ["AhKhQd2c", "KsKd3c4c"],
    "short-deck": ["AhKh", "QsQd"],
    "stud": ["AsAhAd2c3c4c", "KcQc7d5h6h8s"],
    "stud-hilo": ["AsAhAd2c3c4c", "KcQc7d5h6h8s"],
    "razz": ["AsAhAd2c3c4c", "KcQc7d5h6h8s"],
    "2-7-single-draw": ["8h6d4c3s2h", "7c5c3d2dKs"],
    "2-7-triple-draw": ["8h6d4c3s2h", "7c5c3d2dKs"],
    "a-5-triple-draw": ["8h6d4c3s2h", "7c5c3d2dKs"],
    "badugi": ["Ac2d3h4s", "Kc7c3d5s"],
    "five-card-draw": ["8h8d4c3s2h", "7c7s3d2dKs"],
    "courchevel": ["AhKhQd2c3c", "KsKdJc9c8s"],
    "big-o": ["AhKhQd2c3c", "KsKdJc9c8s"],
    "courchevel-hilo": ["AhKhQd2c3c", "KsKdJc9c8s"],
}
BOARD = "5c6c9dTs"
# The short deck has no five; the stud games have no board.
BOARDS: dict[str, str | None] = {
    "short-deck": "7c6c9dTs",
    **dict.fromkeys(STUD_GAMES),
    **dict.fromkeys(DRAW_GAMES),
}
NOT_GAMES = ["pineapple", "", "omaha-hi", "hold em", "plo5", "holdem8"]


def answer(game: str) -> list[tuple[float, float | None]]:
    canonical = game_name(game)
    board = BOARDS.get(canonical, BOARD)
    # A draw game: the first stands pat, the second draws one, once (exact: 42 deals).
    draws = {"draws": ["pat", 1], "draw_rounds": 1} if canonical in DRAW_GAMES else {}
    result = equity(HANDS[canonical], board, game=game, method="exact", **draws)  # type: ignore[arg-type]
    return [(p.equity, p.low) for p in result.players]


def test_the_typed_names_are_the_table() -> None:
    assert set(get_args(Game)) == set(GAMES)
    assert set(get_args(GameName)) == set(GAMES) | set(ALIASES)
    assert set(ALIASES.values()) <= set(GAMES)
    assert not set(ALIASES) & set(GAMES)
    # The core's table holds every game's names, the draw games' among them.
    assert {name for name, _ in _core.GAME_NAMES} == set(GAMES) | set(ALIASES)
    assert set(DRAW_GAME_NAMES) <= set(GAMES) | set(ALIASES)
    assert set(STUD_GAMES) | {SHORT_DECK} | set(DRAW_GAMES) <= set(GAMES)


@pytest.mark.parametrize("name", SPELLINGS)
def test_the_core_accepts_every_name_as_its_game(name: str) -> None:
    canonical = game_name(name)
    assert answer(name) == answer(canonical)
    assert answer(name.upper().replace("-", "_")) == answer(canonical)
    assert (answer(name)[0][1] is None) == (not ROWS[canonical].hi_lo)


@pytest.mark.parametrize("name", NOT_GAMES)
def test_a_name_the_table_refuses_the_core_refuses(name: str) -> None:
    with pytest.raises(InvalidSpecError, match="is not a game"):
        game_name(name)
    with pytest.raises(InvalidSpecError, match="is not a game"):
        equity(HANDS["holdem"], BOARD, game=name, method="exact")  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError, match=r"variant .* is not a game"):
        GameSpec(variant=name)  # type: ignore[arg-type]


def test_the_games_are_the_rows_of_the_variant_table() -> None:
    assert set(get_args(Game)) == set(GAMES) == set(ROWS)
    assert tuple(v.name for v in _core.VARIANTS) == GAMES  # in the order of the codes
    assert set(GAMES) >= {*STUD_GAMES, SHORT_DECK, *DRAW_GAMES}
    assert GAMES[6] == SHORT_DECK  # the game code 6
    assert GAMES.index("five-card-draw") == FIVE_CARD_DRAW  # and the draw games' after
    assert set(ALIASES.values()) <= set(GAMES)
    assert not set(ALIASES) & set(GAMES)
    for name in (*GAMES, *ALIASES):
        assert game_name(name.upper()) == game_name(name)
        assert row(name) is ROWS[game_name(name)]
        assert name == row(name).name or name in row(name).aliases
    assert tuple(g for g in GAMES if ROWS[g].up_cards) == STUD_GAMES
    assert tuple(g for g in GAMES if ROWS[g].draw_rounds) == DRAW_GAMES


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Variant", Game),
        ("VARIANTS", GAMES),
        ("VARIANT_ALIASES", ALIASES),
        ("variant_name", game_name),
    ],
)
def test_the_game_layer_s_old_names_still_work_and_warn(old: str, new: object) -> None:
    with pytest.warns(DeprecationWarning, match=f"pokerforge.games.{old} is deprecated"):
        assert getattr(games, old) is new
    with pytest.raises(AttributeError, match="no attribute 'VARIANTZ'"):
        games.VARIANTZ  # noqa: B018


@pytest.mark.parametrize("name", SPELLINGS)
def test_game_spec_stores_the_canonical_name(name: str) -> None:
    # The stud games are played fixed-limit only, with an ante and a bring-in.
    stud = {"betting": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
    kwargs = stud if game_name(name) in STUD_GAMES else {}
    spec = GameSpec(variant=name.title(), **kwargs)  # type: ignore[arg-type]
    assert spec.variant == game_name(name)
    assert spec == GameSpec(variant=game_name(name), **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["plo", "OMAHA8", "hold'em"])
def test_the_command_line_takes_the_aliases(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    canonical = game_name(name)
    command = ["equity", *HANDS[canonical], "--board", BOARD, "--exact", "--json", "--game"]
    assert main([*command, name]) == 0
    by_alias = json.loads(capsys.readouterr().out)
    assert main([*command, canonical]) == 0
    assert by_alias == json.loads(capsys.readouterr().out)


def test_the_command_line_refuses_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["equity", "AhKh", "QsQd", "--game", "pineapple"])
    assert "'pineapple' is not a game" in capsys.readouterr().err


@pytest.mark.parametrize("name", SPELLINGS)
def test_the_service_answers_under_the_canonical_name(name: str) -> None:
    canonical = game_name(name)
    request = EquityRequest.model_validate({"players": HANDS[canonical], "game": name.upper()})
    assert request.game == canonical
    evaluate = EvaluateRequest.model_validate({"game": name, "cards": "AsKsQsJsTs"})
    assert evaluate.game == canonical


def test_the_service_refuses_other_games() -> None:
    for name in NOT_GAMES:
        with pytest.raises(ValueError, match="holdem"):
            EquityRequest.model_validate({"players": HANDS["holdem"], "game": name})
    with pytest.raises(ValueError, match="holdem"):
        EquityRequest.model_validate({"players": HANDS["holdem"], "game": 3})
    schema = json.dumps(EvaluateResponse.model_json_schema())
    assert "plo8" in schema
