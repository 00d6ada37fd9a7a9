"""One table of game names: the core, GameSpec, the command line and the service agree."""

from __future__ import annotations

import json
from typing import get_args

import pytest

from pokerforge import equity
from pokerforge.cli import main
from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec
from pokerforge.games import (
    ALIASES,
    GAMES,
    SHORT_DECK,
    STUD_GAMES,
    VARIANT_ALIASES,
    VARIANTS,
    Game,
    GameName,
    Variant,
    game_name,
    variant_name,
)
from pokerforge.service.models import EquityRequest, EvaluateRequest, EvaluateResponse

SPELLINGS = [*GAMES, *ALIASES]
# Each game's hands: Hold'em takes two hole cards, Omaha four; Hi-Lo alone has a low.
HANDS: dict[str, list[str]] = {
    "holdem": ["AhKh", "QsQd"],
    "omaha": ["AhKhQd2c", "KsKd3c4c"],
    "omaha-hilo": ["AhKhQd2c", "KsKd3c4c"],
    "short-deck": ["AhKh", "QsQd"],
}
BOARD = "5c6c9dTs"
# The short deck has no five.
BOARDS = {"short-deck": "7c6c9dTs"}
NOT_GAMES = ["stud", "razz", "", "omaha-hi", "hold em", "plo5", "holdem8"]


def answer(game: str) -> list[tuple[float, float | None]]:
    canonical = game_name(game)
    board = BOARDS.get(canonical, BOARD)
    result = equity(HANDS[canonical], board, game=game, method="exact")  # type: ignore[arg-type]
    return [(p.equity, p.low) for p in result.players]


def test_the_typed_names_are_the_table() -> None:
    assert set(get_args(Game)) == set(GAMES)
    assert set(get_args(GameName)) == set(GAMES) | set(ALIASES)
    assert set(ALIASES.values()) <= set(GAMES)
    assert not set(ALIASES) & set(GAMES)


@pytest.mark.parametrize("name", SPELLINGS)
def test_the_core_accepts_every_name_as_its_game(name: str) -> None:
    canonical = game_name(name)
    assert answer(name) == answer(canonical)
    assert answer(name.upper().replace("-", "_")) == answer(canonical)
    assert (answer(name)[0][1] is None) == (canonical != "omaha-hilo")


@pytest.mark.parametrize("name", NOT_GAMES)
def test_a_name_the_table_refuses_the_core_refuses(name: str) -> None:
    with pytest.raises(InvalidSpecError, match="is not a game"):
        game_name(name)
    with pytest.raises(InvalidSpecError, match="is not a game"):
        equity(HANDS["holdem"], BOARD, game=name, method="exact")  # type: ignore[arg-type]
    if name in STUD_GAMES:  # the game layer plays them; equity does not yet
        assert variant_name(name) == name
        return
    with pytest.raises(InvalidSpecError, match=r"variant .* is not a game"):
        GameSpec(variant=name)  # type: ignore[arg-type]


def test_the_variants_are_the_games_the_stud_family_and_short_deck() -> None:
    assert set(get_args(Variant)) == set(VARIANTS) == {*GAMES, *STUD_GAMES, SHORT_DECK}
    assert VARIANTS[-1] == SHORT_DECK  # the game layer's variant code 6
    assert set(VARIANT_ALIASES.values()) <= set(VARIANTS)
    assert not set(VARIANT_ALIASES) & set(VARIANTS)
    for name in (*VARIANTS, *VARIANT_ALIASES):
        assert variant_name(name.upper()) == variant_name(name)


@pytest.mark.parametrize("name", SPELLINGS)
def test_game_spec_stores_the_canonical_name(name: str) -> None:
    spec = GameSpec(variant=name.title())  # type: ignore[arg-type]
    assert spec.variant == game_name(name)
    assert spec == GameSpec(variant=game_name(name))


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
        main(["equity", "AhKh", "QsQd", "--game", "stud"])
    assert "'stud' is not a game" in capsys.readouterr().err


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
