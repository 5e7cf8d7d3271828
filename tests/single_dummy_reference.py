"""A brute-force single-dummy reference: sure wins by plain maximin over one seat's
information sets, for endings of two or three cards a hand (issue 30, §3).

The definition, written from the rules without the engine's search:

The *worlds* are layouts of the cards the seat cannot see: each a Deal with the same Play
section and the same hand for the seat. The seat's side makes the item in a set of worlds
from the position after ``after`` cards when it has one way of play that makes it in every
world, where

* the seat's choice depends only on what it observes: its own hand and every card played,
  by whom; so one card is chosen for all the worlds it cannot tell apart (the same
  observed history), and the worlds stay together until something observed tells them
  apart;
* each other seat of the item's team (a defender's partner) sees everything and chooses
  with the seat: any card legal in each world, per world; the seat then observes the card,
  so the worlds split by it and each part is a set of its own;
* every other seat sees everything and plays against the item: any card legal in each
  world, per world; each card he may play somewhere must be survived on the worlds where
  he may play it.

The item is judged on the finished play by the question's plain meaning (``achieved``, as
:mod:`alsos_solver.reference` judges it). The defenders' meld concessions (rules-notes
'Melds') are left out: the reference takes only deals where the defenders have no choice
to make (a ``Melds`` tag fixes what they declare, or the game has no contest), because
issue 30 does not say what the seat learns of a choice made after the first trick, nor
when; with one world the item then means exactly what it means double-dummy.

A card is a *sure win* when the set of all worlds is made after it (:func:`sure_cards`);
:func:`guaranteed` asks the same of the position itself, whoever is to move.

Nothing is memoised or pruned beyond stopping an ``any``/``all`` at its first answer: the
enumeration is exponential, and meant for two or three cards a hand and a handful of worlds.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from alsos_solver.cards import Card, cards_of
from alsos_solver.deal import Deal
from alsos_solver.position import Position
from alsos_solver.questions import Question, Setting
from alsos_solver.reference import concession_melds


@dataclass
class World:
    """One layout at the searched point: its setting and its position (the item's own
    holds in force)."""

    setting: Setting
    position: Position


def start(deal: Deal, after: int, question: Question) -> World:
    """The world after ``after`` cards of the Play section; from there on the cards the
    question's announcement keeps back (ultimó) are kept back, as the item's team plays."""
    setting = Setting.of(deal)
    position = deal.position()
    for card in deal.play[:after]:
        position.push(card)
    position.holds = deal.holds() | question.holds(setting)
    assert len(concession_melds(deal)) == 1, "the reference takes no deal where the defenders choose their melds"
    return World(setting, position)


class Reference:
    """The definition of the module over ``worlds`` for ``seat``'s item ``question``."""

    def __init__(self, worlds: Sequence[Deal], after: int, seat: str, question: Question):
        self.worlds = [start(deal, after, question) for deal in worlds]
        self.seat = worlds[0].game.active.index(seat)
        self.question = question
        self.team = question.team(self.worlds[0].setting)
        assert self.seat in self.team, "the seat must play for the item"

    def made(self, group: list[int]) -> bool:
        """Whether the seat's side makes the item in every world of ``group`` (all at one
        observed history)."""
        worlds = [self.worlds[w] for w in group]
        position = worlds[0].position
        if position.is_over:
            return all(self.judged(world) for world in worlds)
        mover = position.to_move
        legal = {w: list(cards_of(self.worlds[w].position.legal_moves())) for w in group}
        if mover == self.seat:
            return self.seat_moves(group, legal)
        if mover in self.team:
            return self.partner_moves(group, legal)
        return self.opponent_moves(group, legal)

    def judged(self, world: World) -> bool:
        """The item made on the finished play of one world."""
        return self.question.possible(world.setting) and self.question.achieved(world.setting, world.position)

    def seat_moves(self, group: list[int], legal: dict[int, list[Card]]) -> bool:
        """The seat: one card for every world of the group (its hand and the trick are the
        same in all, so are its legal cards)."""
        cards = legal[group[0]]
        assert all(legal[w] == cards for w in group), "the seat's legal cards differ in worlds it cannot tell apart"
        return any(self.play_card(card, group) for card in cards)

    def partner_moves(self, group: list[int], legal: dict[int, list[Card]]) -> bool:
        """A seat of the team who sees everything: some card per world, every assignment
        tried; the worlds then split by the card, each part made on its own."""
        for chosen in itertools.product(*(legal[w] for w in group)):
            parts: dict[Card, list[int]] = {}
            for w, card in zip(group, chosen):
                parts.setdefault(card, []).append(w)
            if all(self.play_card(card, part) for card, part in parts.items()):
                return True
        return False

    def opponent_moves(self, group: list[int], legal: dict[int, list[Card]]) -> bool:
        """A seat against the item who sees everything: every card he may play in some
        world is played, in the worlds where he may play it."""
        every = dict.fromkeys(card for w in group for card in legal[w])
        return all(self.play_card(card, [w for w in group if card in legal[w]]) for card in every)

    def play_card(self, card: Card, group: list[int]) -> bool:
        """Whether the worlds of ``group`` are made after ``card`` is played in each."""
        for w in group:
            self.worlds[w].position.push(card)
        try:
            return self.made(group)
        finally:
            for w in group:
                self.worlds[w].position.pop()


def sure_cards(worlds: Sequence[Deal], after: int, seat: str, question: Question) -> dict[Card, bool]:
    """Each legal card of ``seat``, to move after ``after`` cards -> whether it is a sure
    win for ``question`` over ``worlds`` (the module's definition)."""
    reference = Reference(worlds, after, seat, question)
    everyone = list(range(len(worlds)))
    position = reference.worlds[0].position
    assert position.to_move == reference.seat, "the seat must be to move"
    return {card: reference.play_card(card, everyone) for card in cards_of(position.legal_moves())}


def guaranteed(worlds: Sequence[Deal], after: int, seat: str, question: Question) -> bool:
    """Whether ``seat``'s side makes ``question`` in every world from the position after
    ``after`` cards, whoever is to move (the module's definition)."""
    reference = Reference(worlds, after, seat, question)
    return reference.made(list(range(len(worlds))))
