"""View models: what each page shows, computed from the model and the engine, in one language."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from babel.support import Translations

from ..i18n.formats import items, number
from ..model.types import Example, Game, GameText, Site
from . import facts
from .markdown import render as markdown

TRUMPS = ("turnUp", "hearts", "diamonds", "clubs", "spades", "none")


@dataclass
class Ctx:
    """One language's tools: translations, locale formatting, links to games."""
    site: Site
    lang: str
    locale: str
    tr: Translations
    link: Callable[[str], str]  # game id -> href from the current page

    def _(self, message: str, **values: Any) -> str:
        return self.tr.gettext(message) % values if values else self.tr.gettext(message)

    def n_(self, singular: str, plural: str, count: int, **values: Any) -> str:
        return self.tr.ngettext(singular, plural, count) % {"num": number(count, self.locale), **values}

    def num(self, value: int) -> str:
        return number(value, self.locale)

    def list(self, values: list[str]) -> str:
        return items(values, self.locale)


def trump_label(ctx: Ctx, trump: str) -> str:
    return {"turnUp": ctx._("turned-up card"), "hearts": ctx._("hearts"), "diamonds": ctx._("diamonds"),
            "clubs": ctx._("clubs"), "spades": ctx._("spades"), "none": ctx._("no trump")}[trump]


def value_label(ctx: Ctx, game: Game, text: GameText, key: str, value: Any) -> str:
    meta = game.settings[key]
    if meta.type == "enum":
        return text.settings[key].options[value].label
    if meta.type == "bool":
        return ctx._("on") if value else ctx._("off")
    if value == 0 and key == "roundCount":
        return ctx._("as the pattern gives") if game.template == "bid" else ctx._("open")
    if value == 0 and key == "lossLimit":
        return ctx._("no limit")
    return ctx.num(value)


def setting_rows(ctx: Ctx, game: Game, text: GameText, values: dict[str, Any]) -> list[dict]:
    return [{"label": text.settings[k].label, "value": value_label(ctx, game, text, k, v)}
            for k, v in values.items() if k in game.settings]


def settings_reference(ctx: Ctx, game: Game, text: GameText) -> list[dict]:
    out = []
    for key, meta in game.settings.items():
        st = text.settings[key]
        entry = {"id": f"setting-{key.lower()}", "label": st.label, "description": st.description,
                 "default": value_label(ctx, game, text, key, meta.default), "type": meta.type, "options": []}
        if meta.type == "int":
            entry["range"] = ctx._("%(low)s to %(high)s", low=ctx.num(meta.min), high=ctx.num(meta.max))
            entry["step"] = ctx.num(meta.step)
        for option in meta.options:
            entry["options"].append({"label": st.options[option].label,
                                     "description": st.options[option].description,
                                     "default": option == meta.default})
        out.append(entry)
    return out


def glance(ctx: Ctx, game: Game) -> list[dict]:
    g = facts.glance(game)
    rows = [{"label": ctx._("Who wins"),
             "value": ctx._("The highest total") if g.higher_wins else ctx._("The fewest losses")}]
    parts = []
    for low, high, count in g.rounds:
        players = ctx.num(low) if low == high else ctx._("%(low)s–%(high)s", low=ctx.num(low), high=ctx.num(high))
        if count == 0:
            rounds = ctx._("until a player reaches the loss limit") if g.loss_limit else ctx._("as many as you like")
        else:
            rounds = ctx.n_("%(num)s round", "%(num)s rounds", count)
        parts.append(ctx.n_("%(rounds)s with %(players)s player", "%(rounds)s with %(players)s players",
                            high, rounds=rounds, players=players))
    rows.append({"label": ctx._("Number of rounds"), "value": ctx.list(parts)})
    if g.higher_wins:
        rows.append({"label": ctx._("A round's score"),
                     "value": ctx._("%(low)s to %(high)s points", low=ctx.num(g.round_min), high=ctx.num(g.round_max))})
        rows.append({"label": ctx._("Negative totals"),
                     "value": ctx._("Possible") if g.negative else ctx._("Not possible with these settings")})
    else:
        rows.append({"label": ctx._("Each deal"), "value": ctx._("One player takes one loss")})
    rows.append({"label": ctx._("Players"), "value": ctx._("%(low)s to %(high)s", low=ctx.num(game.players[0]),
                                                             high=ctx.num(game.players[1]))})
    return rows


def standings_rows(ctx: Ctx, output: dict, higher_wins: bool) -> list[dict]:
    rows = []
    for s in output["standings"]:
        place = ctx._("shared %(rank)s.", rank=ctx.num(s["rank"])) if s["shared"] else ctx._("%(rank)s.", rank=ctx.num(s["rank"]))
        total = ctx.n_("%(num)s point", "%(num)s points", s["total"]) if higher_wins else \
            ctx.n_("%(num)s loss", "%(num)s losses", s["total"])
        rows.append({"place": place, "name": s["name"], "total": total})
    return rows


def example_view(ctx: Ctx, game: Game, text: GameText, ex: Example, results: dict) -> dict:
    out = results[(game.id, ex.id)]
    et = text.examples[ex.id]
    rounds = []
    for r, given in zip(out["rounds"], ex.rounds):
        if game.template == "bid":
            cells = [ctx._("%(bid)s / %(took)s", bid=ctx.num(b), took=ctx.num(t)) for b, t in zip(given["bids"], given["took"])]
            rounds.append({"n": ctx.num(r["round"]), "hand": ctx.num(r["handSize"]), "dealer": out["players"][r["dealer"]],
                           "trump": trump_label(ctx, r["trump"]), "cells": cells,
                           "scores": [ctx.num(s) for s in r["scores"]], "totals": [ctx.num(t) for t in r["totals"]]})
        else:
            rounds.append({"n": ctx.num(r["round"]), "loser": out["players"][r["loser"]],
                           "totals": [ctx.num(t) for t in r["totals"]]})
    checks = []
    for check in ex.checks:
        cout = results[(game.id, f"{ex.id}/{check.id}")]
        checks.append({"text": et.checks[check.id], "settings": setting_rows(ctx, game, text, check.settings),
                       "totals": [ctx.num(t) for t in cout["totals"]], "finished": cout["finished"],
                       "errors": [error_message(ctx, e, cout["players"]) for e in cout["errors"]]})
    return {"id": f"example-{ex.id.lower()}", "title": et.title, "note": markdown(et.note, ctx.lang, ctx.link),
            "settings": setting_rows(ctx, game, text, ex.settings), "players": out["players"], "rounds": rounds,
            "final": [ctx.num(t) for t in out["totals"]], "standings": standings_rows(ctx, out, game.template == "bid"),
            "finished": out["finished"], "checks": checks, "players_text": ctx.list(out["players"])}


def error_message(ctx: Ctx, error: dict, players: list[str]) -> str:
    name = players[error["player"]] if error.get("player") is not None else ""
    rnd = ctx.num(error["round"]) if error.get("round") else ""
    return {
        "dealerHook": ctx._("Round %(round)s: %(name)s deals and may not bid so that the bids add up to the hand size.",
                            round=rnd, name=name),
        "tricksSum": ctx._("Round %(round)s: the tricks taken do not add up to the hand size.", round=rnd),
        "bidRange": ctx._("Round %(round)s: %(name)s's bid is not a whole number from 0 to the hand size.",
                          round=rnd, name=name),
        "tookRange": ctx._("Round %(round)s: %(name)s's tricks are not a whole number from 0 to the hand size.",
                           round=rnd, name=name),
        "tooManyRounds": ctx._("Round %(round)s: the game was already over.", round=rnd),
    }.get(error["code"], ctx._("Round %(round)s: a number is not allowed here.", round=rnd))


@dataclass
class GameView:
    game: Game
    text: GameText
    rules: str
    glance: list[dict]
    settings: list[dict]
    variants: list[dict]
    examples: list[dict]
    aliases: list[dict] = field(default_factory=list)


def game_view(ctx: Ctx, game: Game, results: dict) -> GameView:
    text = game.texts[ctx.lang]
    variants = [{"id": f"variant-{vid.lower()}", "name": text.variants[vid].label,
                 "description": text.variants[vid].description,
                 "settings": setting_rows(ctx, game, text, v.settings)} for vid, v in game.variants.items()]
    aliases = [{"name": a.name, "lang": a.lang if a.lang != ctx.lang else None} for a in text.aliases]
    return GameView(game, text, markdown(text.rules, ctx.lang, ctx.link), glance(ctx, game),
                    settings_reference(ctx, game, text), variants,
                    [example_view(ctx, game, text, ex, results) for ex in game.examples], aliases)
