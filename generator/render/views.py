"""View models: what each page shows, computed from the model and the engine, in one language."""
from __future__ import annotations

from dataclasses import dataclass, field
from gettext import GNUTranslations
from typing import Any, Callable

from ..i18n.formats import items, number, plural_form
from ..i18n.sheet_messages import sheet_string
from ..model.types import Example, Game, GameText, Site
from . import facts
from .rows import (AliasRef, Cell, CheckView, ExampleView, HandRow, Option, RoundRow, Row, SettingRef, Standing,
                   VariantRef)
from .words import Words, count, error, lost, words

TRUMPS = ("turnUp", "hearts", "diamonds", "clubs", "spades", "none")


@dataclass
class Ctx:
    """One language's tools: translations, locale formatting, links to games."""
    site: Site
    lang: str
    locale: str
    tr: GNUTranslations
    link: Callable[[str], str | None]  # game id -> href from the current page; None: it has no page here

    def _(self, message: str, **values: Any) -> str:
        return self.tr.gettext(message) % values if values else self.tr.gettext(message)

    def n_(self, singular: str, plural: str, count: int, **values: Any) -> str:
        return self.tr.ngettext(singular, plural, count) % {"num": self.num(count), **values}

    def num(self, value: int) -> str:
        """A number as a reader sees it: the locale's digits, and a real minus sign (U+2212)."""
        return number(value, self.locale).replace("-", "\u2212")

    def signed(self, value: int) -> str:
        """A score as the sheet shows it: +12, 0, −12."""
        return f"+{self.num(value)}" if value > 0 else self.num(value)

    def ordinal(self, value: int) -> str:
        """A place in the standings: 1. in Danish, 1:a and 3:e in Swedish, 1st in English."""
        digits = self.num(value)
        if self.lang == "sv":
            return f"{digits}:{'a' if value % 10 in (1, 2) and value % 100 not in (11, 12) else 'e'}"
        if self.lang == "en":
            last = "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
            return f"{digits}{last}"
        return f"{digits}."

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
        return text.settings[key].on if value else text.settings[key].off
    if value == 0 and key == "roundCount":
        if game.template != "bid":
            return ctx._("open")
        return ctx._("as the pattern gives") if "handSizePattern" in game.settings else ctx._("until the pack runs out")
    if value == 0 and key == "lossLimit":
        return ctx._("no limit")
    return ctx.num(value)


def setting_rows(ctx: Ctx, game: Game, text: GameText, values: dict[str, Any]) -> list[Row]:
    return [Row(text.settings[k].label, value_label(ctx, game, text, k, v))
            for k, v in values.items() if k in game.settings]


def settings_reference(ctx: Ctx, game: Game, text: GameText) -> list[SettingRef]:
    out = []
    for key, meta in game.settings.items():
        st = text.settings[key]
        entry = SettingRef(f"setting-{key.lower()}", st.label, st.description,
                           value_label(ctx, game, text, key, meta.default), meta.type,
                           [Option(st.options[o].label, st.options[o].description, o == meta.default)
                            for o in meta.options])
        if meta.type == "int":
            entry.range = ctx._("%(low)s to %(high)s", low=ctx.num(meta.min), high=ctx.num(meta.max))
            entry.step = ctx.num(meta.step)
        out.append(entry)
    return out


def glance(ctx: Ctx, game: Game, g: facts.Glance, w: Words) -> list[Row]:
    rows = [Row(ctx._("Who wins"), ctx._("The highest total") if g.higher_wins else ctx._("The fewest losses"))]
    parts = []
    for low, high, n in g.rounds:
        players = ctx.num(low) if low == high else ctx._("%(low)s–%(high)s", low=ctx.num(low), high=ctx.num(high))
        if n == 0:
            rounds = ctx._("Until a player reaches the loss limit") if g.loss_limit else ctx._("As many as you like")
        else:
            rounds = count(ctx.tr, game.unit, n) % {"num": ctx.num(n)}
        if len(g.rounds) == 1:  # one length for every table: the Players row already gives the range
            parts.append(rounds)
        else:
            parts.append(ctx.n_("%(rounds)s with %(players)s player", "%(rounds)s with %(players)s players",
                                high, rounds=rounds, players=players))
    rows.append(Row(w.number, ctx.list(parts)))
    if g.higher_wins:
        rows.append(Row(w.score,
                        ctx._("%(low)s to %(high)s points", low=ctx.num(g.round_min), high=ctx.num(g.round_max))))
        rows.append(Row(ctx._("Negative totals"),
                        ctx._("Possible") if g.negative else ctx._("Not possible with these settings")))
    else:
        rows.append(Row(ctx._("Each deal"), ctx._("One player takes one loss")))
    rows.append(Row(ctx._("Players"), ctx._("%(low)s to %(high)s", low=ctx.num(game.players[0]),
                                            high=ctx.num(game.players[1]))))
    return rows


def hand_rows(ctx: Ctx, g: facts.Glance) -> list[HandRow]:
    return [HandRow(ctx.num(players), ctx.num(hand), ctx.num(deals)) for players, hand, deals in g.hands]


def standings_rows(ctx: Ctx, output: dict, higher_wins: bool) -> list[Standing]:
    rows = []
    for s in output["standings"]:
        place = ctx._("shared %(place)s", place=ctx.ordinal(s["rank"])) if s["shared"] else ctx.ordinal(s["rank"])
        total = ctx.n_("%(num)s point", "%(num)s points", s["total"]) if higher_wins else \
            ctx.n_("%(num)s loss", "%(num)s losses", s["total"])
        rows.append(Standing(place, s["name"], total))
    return rows


def example_rounds(ctx: Ctx, game: Game, ex: Example, out: dict, w: Words) -> tuple[list[RoundRow], str]:
    """A worked example's rounds as the sheet's rounds table shows them, and the key to its cells."""
    say = lambda key, **values: sheet_string(ctx.tr, game.unit, key).format(**values)  # noqa: E731
    if game.template != "bid":
        losses = lambda n: ctx.n_("%(num)s loss", "%(num)s losses", n)  # noqa: E731
        return [RoundRow(ctx.num(r["round"]), say("roundNumber", round=ctx.num(r["round"])),
                         [Cell(ctx.num(total), lost(ctx.tr, game.unit, total) % {"num": ctx.num(total)}, "is-loser", "\u25cf")
                          if p == r["loser"] else Cell(ctx.num(total), losses(total)) for p, total in enumerate(r["totals"])])
                for r in out["rounds"]], say("tallyKey")
    trumps = {r["trump"] for r in out["rounds"]}
    rounds = []
    for r, given in zip(out["rounds"], ex.rounds):
        hand, trump = r["handSize"], trump_label(ctx, r["trump"]) if len(trumps) > 1 else ""
        facts = [say("roundNumber", round=ctx.num(r["round"])), say(f"cards_{plural_form(hand, ctx.locale)}", n=ctx.num(hand))]
        if trump:
            facts.append(say("trumpInList", trump=trump))
        cells = []
        for p, (bid, took, score, total) in enumerate(zip(given["bids"], given["took"], r["scores"], r["totals"])):
            points = ctx.n_("%(num)s point", "%(num)s points", score)
            said = say("cellWords", bid=ctx.num(bid), took=ctx.num(took), points=points, total=ctx.num(total))
            dealt = p == r["dealer"]
            cells.append(Cell(ctx.num(total), f"{said} {say('dealtWord')}" if dealt else said,
                              "is-made" if bid == took else "is-missed", say("dealerMark") if dealt else "",
                              say("bidTook", bid=ctx.num(bid), took=ctx.num(took)), ctx.signed(score)))
        rounds.append(RoundRow(ctx.num(r["round"]), ", ".join(facts), cells,
                               ctx.n_("%(num)s card", "%(num)s cards", hand), trump))
    key = w.key
    if len(trumps) == 1:
        key = f"{say('trumpEvery', trump=trump_label(ctx, next(iter(trumps))))} {key}"
    return rounds, key


def example_view(ctx: Ctx, game: Game, text: GameText, ex: Example, results: dict, w: Words) -> ExampleView:
    out = results[(game.id, ex.id)]
    et = text.examples[ex.id]
    rounds, key = example_rounds(ctx, game, ex, out, w)
    checks = []
    for check in ex.checks:
        cout = results[(game.id, f"{ex.id}/{check.id}")]
        checks.append(CheckView(et.checks[check.id], setting_rows(ctx, game, text, check.settings),
                                [ctx.num(t) for t in cout["totals"]], cout["finished"],
                                [error_message(ctx, game, e, cout["players"]) for e in cout["errors"]]))
    return ExampleView(f"example-{ex.id.lower()}", et.title, et.note_html.html(ctx.link),
                       setting_rows(ctx, game, text, ex.settings), out["players"], rounds, key,
                       [ctx.num(t) for t in out["totals"]], standings_rows(ctx, out, game.template == "bid"),
                       out["finished"], checks, ctx.list(out["players"]))


def error_message(ctx: Ctx, game: Game, found: dict, players: list[str]) -> str:
    name = players[found["player"]] if found.get("player") is not None else ""
    rnd = ctx.num(found["round"]) if found.get("round") else ""
    return error(ctx.tr, game.unit, found["code"]) % {"round": rnd, "name": name}


@dataclass
class GameView:
    game: Game
    text: GameText
    rules: str
    glance: list[Row]
    settings: list[SettingRef]
    variants: list[VariantRef]
    examples: list[ExampleView]
    words: Words
    hands: list[HandRow]
    paper_rows: int  # the blank sheet's rows (facts.Glance.paper_rows)
    aliases: list[AliasRef] = field(default_factory=list)
    sections: tuple[tuple[str, str], ...] = ()  # (id, words) of the rules' sections, for the contents


def game_view(ctx: Ctx, game: Game, results: dict, at_a_glance: facts.Glance) -> GameView:
    text = game.texts[ctx.lang]
    variants = [VariantRef(f"variant-{vid.lower()}", text.variants[vid].label, text.variants[vid].description,
                           setting_rows(ctx, game, text, v.settings)) for vid, v in game.variants.items()]
    aliases = [AliasRef(a.name, a.lang if a.lang != ctx.lang else None) for a in text.aliases]
    w = words(ctx.tr, game.unit)
    return GameView(game, text, text.rules_html.html(ctx.link), glance(ctx, game, at_a_glance, w),
                    settings_reference(ctx, game, text), variants,
                    [example_view(ctx, game, text, ex, results, w) for ex in game.examples], w,
                    hand_rows(ctx, at_a_glance), at_a_glance.paper_rows(), aliases, text.rules_html.sections)
