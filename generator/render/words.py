"""The words a page generates for one deal of the cards, in the game's own term (game.yaml `unit`):
Oh Hell speaks of deals, Wizard of rounds, and each language has its word for each (Swedish giv
and runda). The catalogs hold them under the context "round" or "deal", so that they never mix
with the sheet's strings of the same English text."""
from __future__ import annotations

from dataclasses import dataclass
from gettext import GNUTranslations

from ..i18n.marks import pgettext  # translated in words() and error()


# Each entry: the round form, then the deal form.
WORDS = {
    "one": (pgettext("round", "Round"), pgettext("deal", "Deal")),
    "many": (pgettext("round", "Rounds"), pgettext("deal", "Deals")),
    "number": (pgettext("round", "Number of rounds"), pgettext("deal", "Number of deals")),
    "score": (pgettext("round", "A round's score"), pgettext("deal", "A deal's score")),
    "key": (pgettext("round", "In each player's column: bid/tricks, the round's points and the running total. "
                              "D marks the dealer."),
            pgettext("deal", "In each player's column: bid/tricks, the deal's points and the running total. "
                             "D marks the dealer.")),
    "of_title": (pgettext("round", "Rounds of %(title)s"), pgettext("deal", "Deals of %(title)s")),
    "over": (pgettext("round", "The game is over after these rounds."),
             pgettext("deal", "The game is over after these deals.")),
    "not_over": (pgettext("round", "The game is not over yet: the schedule has more rounds."),
                 pgettext("deal", "The game is not over yet: the schedule has more deals.")),
    "same": (pgettext("round", "The same rounds under other settings"),
             pgettext("deal", "The same deals under other settings")),
    "by_players": (pgettext("round", "Cards and rounds by number of players"),
                   pgettext("deal", "Cards and deals by number of players")),
}
ERRORS = {  # a worked example's error, by the engine's code; %(round)s and %(name)s to fill in
    "dealerHook": (pgettext("round", "Round %(round)s: %(name)s deals and may not bid so that the bids add up to "
                                     "the hand size."),
                   pgettext("deal", "Deal %(round)s: %(name)s deals and may not bid so that the bids add up to "
                                    "the hand size.")),
    "tricksSum": (pgettext("round", "Round %(round)s: the tricks taken do not add up to the hand size."),
                  pgettext("deal", "Deal %(round)s: the tricks taken do not add up to the hand size.")),
    "bidRange": (pgettext("round", "Round %(round)s: %(name)s's bid is not a whole number from 0 to the hand size."),
                 pgettext("deal", "Deal %(round)s: %(name)s's bid is not a whole number from 0 to the hand size.")),
    "tookRange": (pgettext("round", "Round %(round)s: %(name)s's tricks are not a whole number from 0 to the "
                                    "hand size."),
                  pgettext("deal", "Deal %(round)s: %(name)s's tricks are not a whole number from 0 to the "
                                   "hand size.")),
    "tooManyRounds": (pgettext("round", "Round %(round)s: the game was already over."),
                      pgettext("deal", "Deal %(round)s: the game was already over.")),
    "other": (pgettext("round", "Round %(round)s: a number is not allowed here."),
              pgettext("deal", "Deal %(round)s: a number is not allowed here.")),
}


@dataclass(frozen=True)
class Words:
    unit: str  # "deal" or "round"
    one: str  # a column heading: Deal
    many: str  # a caption: Deals
    number: str  # Number of deals
    score: str  # A deal's score
    key: str  # what a worked example's cells show
    of_title: str  # Deals of %(title)s
    over: str  # The game is over after these deals.
    not_over: str  # The game is not over yet: the schedule has more deals.
    same: str  # The same deals under other settings
    by_players: str  # Cards and deals by number of players


def words(tr: GNUTranslations, unit: str) -> Words:
    form = 0 if unit == "round" else 1
    return Words(unit, **{key: tr.pgettext(*pair[form]) for key, pair in WORDS.items()})


def error(tr: GNUTranslations, unit: str, code: str) -> str:
    return tr.pgettext(*ERRORS.get(code, ERRORS["other"])[0 if unit == "round" else 1])


def count(tr: GNUTranslations, unit: str, n: int) -> str:
    """"%(num)s deals" with the number left to fill in."""
    if unit == "round":
        return tr.npgettext("round", "%(num)s round", "%(num)s rounds", n)
    return tr.npgettext("deal", "%(num)s deal", "%(num)s deals", n)


def lost(tr: GNUTranslations, unit: str, n: int) -> str:
    """A worked example's cell of the round's loser, in words: "lost this deal, %(num)s losses in all"."""
    if unit == "round":
        return tr.npgettext("round", "lost this round, %(num)s loss in all", "lost this round, %(num)s losses in all", n)
    return tr.npgettext("deal", "lost this deal, %(num)s loss in all", "lost this deal, %(num)s losses in all", n)
