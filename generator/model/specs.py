"""The engine spec of a game named in `giv score` input, taken from content/."""
from __future__ import annotations

from pathlib import Path

from ..engine import ShapeError
from .content_error import ContentError
from .errors import listing
from .load import load_site


def spec_for_game(content: Path, game_id: object) -> dict:
    """{"template", "spec"} for the game; ShapeError (one line) when it cannot be had."""
    try:
        site = load_site(content)
    except ContentError as exc:
        raise ShapeError(f"content/ has {len(exc.problems)} error(s); first: {exc.problems[0]}") from None
    ids = [g.id for g in site.games]
    if game_id not in ids:
        raise ShapeError(f"input: unknown game {game_id!r}{listing(game_id, ids)}")
    game = site.game(game_id)
    return {"template": game.template, "spec": game.spec()}
