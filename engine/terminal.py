"""Terminal play: everyone at one keyboard, with secrets kept by passing the keyboard.

What everyone at the table may read is printed as it comes: the public view of the state, the
prompts of public decisions, the public events. A private decision (a hand of cards, a reaction
window) is played on a private screen: the terminal names the player, asks them to take the
keyboard ("Pass the keyboard to Bo, then press Enter") and clears the screen; Bo sees their own
view, what only they learnt since their last private screen, and their options; once Bo has
chosen and read what the choice told only them, the screen is cleared again and the table reads
only the public events. Whether someone holds a card never changes what the table reads.

`open_table=True` (`--open`, for solitaire) shows everything and never clears the screen.
One person alone against bots passes the keyboard to nobody: their private decisions are asked
in place, with no screens to clear. The board is printed whole once; before each later step
only its lines that changed, and `s` (or `board`) at any prompt prints all of it again.
Seats in `bots` are played by a function (the bot player of engine/ai): the table reads the
label of a bot's public choice, and of a private one only the public events it causes.
At any prompt `pref:<key>=<value>` sets a preference or a standing order (`pref:cube_source=ask`,
`pref:order:parry=never`). Options are listed under their group's heading, and an option keeps its
number from one question of a kind to the next (engine/option_numbers.py); a choice of several
things at once is typed on one line (`byzantine=4 arab=2`). A refused answer is told right under
the prompt, which stays on screen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.core import (
    PREF_PREFIX,
    Amounts,
    Decision,
    Event,
    Game,
    IllegalAction,
    answer_key,
    enumerate_answers,
)
from engine.option_numbers import OptionNumbers
from engine.text import layout, listing, msg
from engine.told import told

CLEAR = "\033[2J\033[H"  # clear the screen and go home: the private screen starts and ends with it
BOARDS = ("s", "board")  # typed at any prompt: the whole board again

Ask = Callable[[str], str]  # input(), or a test's script; EOFError means the input ended
Say = Callable[[str], None]


class Quit(Exception):
    """The players typed q (or the input ended)."""


@dataclass
class Terminal:
    game: Game
    ask: Ask
    say: Say
    open_table: bool = False
    choices: list[list[str]] = field(default_factory=list)
    # What each seat learnt privately and has not yet seen on a private screen.
    unseen: dict[str, list[Event]] = field(default_factory=dict)
    on_change: Callable[[object, list[Event]], None] | None = None  # after every choice (--png)
    bots: dict[str, Callable[[object, str], str]] = field(default_factory=dict)  # seat -> (state, seat) -> option
    # The players' language ("it", "de", "pl"; None: English): every text goes through `show`.
    lang: str | None = None
    # The board as last printed for each reader (None: the table), so a step shows what changed.
    boards: dict[str | None, str] = field(default_factory=dict)
    _board: tuple = (None, None)  # (state, reader) of the board `board` prints
    # An option keeps its number between questions of one kind (engine/option_numbers.py).
    numbers: OptionNumbers = field(default_factory=OptionNumbers)

    def show(self, text) -> None:
        """Print a text (a Msg, or words that need no translation) in the table's language."""
        self.say(translate(text, self.lang))

    def play(self, state):
        """Play until the game ends or the players quit; returns the last state."""
        try:
            while not self.game.is_over(state):
                waiting = self.game.pending(state)
                bot = next((d for d in waiting if d.player in self.bots), None)
                if bot is not None:  # bots answer first, so people see their choices before deciding
                    state = self.bot_turn(state, bot)
                    continue
                self.say("")
                alone = self.alone(state)
                # One person against bots reads their own view (their hand too): nobody else looks.
                self.show_board(state, next(p for p in self.game.players(state) if p not in self.bots)
                                if alone and self.game.secrets and not self.open_table else None)
                decision = self.game.pending(state)[0]
                if decision.private and not self.open_table and not alone:
                    state = self.private_turn(state, decision)
                else:
                    state = self.public_turn(state, decision)
        except Quit:
            pass
        return state

    def alone(self, state) -> bool:
        """One person against bots: nobody to hide a screen from."""
        return bool(self.bots) and sum(1 for p in self.game.players(state) if p not in self.bots) == 1

    def show_board(self, state, reader: str | None, *, whole: bool = False) -> None:
        """The board for `reader`: whole the first time (or when asked), else only the lines that
        changed since it was last printed for them (nothing when nothing did)."""
        text = translate(self.describe(state, reader), self.lang)
        self._board = (state, reader)
        last = self.boards.get(reader)
        self.boards[reader] = text
        if whole or last is None:
            self.say(text)
            return
        before = set(last.splitlines())
        changed = [line for line in text.splitlines() if line.strip() and line not in before]
        if changed:  # then how to see it whole (issue 28's `s`)
            self.say("\n".join(changed))
            self.show(msg("(Type `s` to see the whole state.)"))

    def describe(self, state, player: str | None) -> str:
        if self.open_table and self.game.secrets:  # nothing is hidden: every seat's secrets too
            told = {p: self.game.secret_lines(state, p) for p in self.game.players(state)}
            if any(lines is None for lines in told.values()):
                return json.dumps(self.game.summary(state), indent=1)
            secrets = [str(layout("{player}: {line}", player=p, line=line)) for p, lines in told.items() for line in lines]
            return "\n".join([self.game.describe(state), *secrets])
        return self.game.describe(state) if player is None else self.game.describe(state, player)

    # -- the two kinds of turn ---------------------------------------------------------------
    def public_turn(self, state, decision: Decision):
        self.show(layout("\n{player}: {prompt}", player=decision.player, prompt=decision.prompt))
        numbers = self.list_options(decision)
        while True:
            answer = self.read()
            option_id = answer if answer.startswith(PREF_PREFIX) else pick(decision, answer, numbers)
            if option_id is None:
                self.show(refusal(decision, answer))  # right under the prompt: the board is not shown again
                continue
            try:
                state, events = self.apply(state, decision.player, option_id)
            except IllegalAction as why:
                self.show(reason(why))
                continue
            self.tell(events)
            if not self.game.secrets:  # nothing to hide: the player reads what his setting did
                for event in self.unseen.pop(decision.player, []):
                    self.show(layout("  * {event}", event=event.text))
            if option_id.startswith(PREF_PREFIX) and self.game.pending(state)[:1] == [decision]:
                continue  # a setting that did not answer the question: it is still asked
            return state

    def bot_turn(self, state, decision: Decision):
        option_id = self.bots[decision.player](state, decision.player)
        label = next((d.option(option_id).label for d in self.game.pending(state)
                      if d.player == decision.player and d.offers(option_id)), option_id)
        state, events = self.apply(state, decision.player, option_id)
        if decision.private and not self.open_table:
            self.show(msg("{player} (bot) has decided.", player=decision.player))
        else:
            self.show(msg("{player} (bot): {choice}", player=decision.player, choice=label))
        self.tell(events)
        return state

    def private_turn(self, state, decision: Decision):
        player = decision.player
        alone = self.alone(state)  # nobody to pass the keyboard to: no screens, no Enters
        if not alone:
            self.say("")
            self.show(msg("Waiting on {player}: {prompt}", player=player,
                          prompt=decision.public_prompt or msg("{player} is deciding.", player=player)))
            self.show(msg("Pass the keyboard to {player}, then press Enter (everyone else: look away).",
                          player=player))
            self.read()
            self.say(CLEAR)
            self.show(msg("Only {player} may look now.", player=player))
            self.say("")
            self.show_board(state, player, whole=True)  # a cleared screen shows it all
        public: list[Event] = []
        while decision is not None:
            for event in self.unseen.pop(player, []):
                self.show(layout("  {line}", line=msg("(only you) {event}", event=event.text)))
            self.show(layout("\n{player}: {prompt}", player=player, prompt=decision.prompt))
            numbers = self.list_options(decision)
            answer = self.read()
            option_id = answer if answer.startswith(PREF_PREFIX) else pick(decision, answer, numbers)
            if option_id is None:
                self.show(refusal(decision, answer))
                continue
            try:
                state, events = self.apply(state, player, option_id)
            except IllegalAction as why:
                self.show(reason(why))
                continue
            public += [e for e in events if e.public]
            self.keep_private(events)
            # A setting may leave the same seat deciding; anything else ends the private screen.
            decision = next((d for d in self.game.pending(state) if d.player == player and d.private), None) \
                if option_id.startswith(PREF_PREFIX) else None
        for event in self.unseen.pop(player, []):
            self.show(layout("  {line}", line=msg("(only you) {event}", event=event.text)))
        if not alone:
            self.show(msg("Press Enter to hide this screen, then pass the keyboard back."))
            self.read()
            self.say(CLEAR)
        self.tell(public)
        return state

    # -- helpers -------------------------------------------------------------------------------
    def apply(self, state, player: str, option_id: str):
        state, events = self.game.apply(state, player, option_id)
        self.choices.append([player, option_id])
        if self.on_change is not None:
            self.on_change(state, events)
        return state, events

    def tell(self, events: list[Event]) -> None:
        """Print the events the table may read; keep the private ones for their seats."""
        # What every player gets in turn is one line for all, as in the bot's posts (engine.told).
        for _, said in told([e for e in events if e.public or self.open_table]):
            self.show(layout("  * {event}", event=said))
        if not self.open_table:
            self.keep_private([e for e in events if not e.public])

    def keep_private(self, events: list[Event]) -> None:
        for event in events:
            for seat in event.private_to:
                if event not in self.unseen.setdefault(seat, []):
                    self.unseen[seat].append(event)

    def list_options(self, decision: Decision) -> dict[str, int]:
        """The options numbered, each group's under one heading (groups in the order they first
        come, so a heading never repeats); then how to type amounts, if any. Returns the numbers
        (option id -> number): an option keeps its number between questions of one kind."""
        shown = listed(decision)
        numbers = self.numbers.number(decision, shown)
        group = ""
        for option in shown:
            if option.group != group:
                group = option.group
                if group:
                    self.show(layout("  {group}:", group=group))
            indent = "    " if group else "  "
            self.show(layout("{indent}{number}. {label}  [{id}]", indent=indent, number=f"{numbers[option.id]:>2}",
                             label=option.label, id=option.id))
        if decision.amounts is not None:
            self.show(amounts_help(decision))
        return numbers

    def read(self) -> str:
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                answer = "q"
            if answer == "q":
                raise Quit
            if answer not in BOARDS or self._board[0] is None:
                return answer
            self.show_board(*self._board, whole=True)  # then the same question again


def listed(decision: Decision) -> list:
    """The options in the order they are listed and numbered: grouped, groups as they first come."""
    order: dict[str, list] = {}
    for option in decision.options:
        order.setdefault(str(option.group), []).append(option)
    return [option for options in order.values() for option in options]


def pick(decision: Decision, answer: str, numbers: Mapping[str, int] | None = None) -> str | None:
    """The option id a typed answer names: a number shown (`numbers`: option id -> number; by
    default the decision's options 1, 2, 3...), an option id, or amounts typed on one line
    (`elite=1 main=2`: item ids or their unique beginnings, spaces or commas between)."""
    if numbers is None:
        numbers = {option.id: n for n, option in enumerate(decision.options, 1)}
    if answer.isdigit():
        named = [option_id for option_id, n in numbers.items() if n == int(answer)]
        if named:
            return named[0]
    if decision.option(answer):
        return answer
    typed = typed_amounts(decision.amounts, answer) if decision.amounts is not None else None
    return typed if typed is not None and decision.option(typed) else None


def _typed_item(amounts: Amounts, name: str) -> list[str]:
    """The item ids a typed name may mean: its key, a unique beginning, or its number in the list
    the terminal shows (1 for the first item: ids like `m0` or `u34` mean nothing to a player)."""
    keys = {answer_key(i.id): i.id for i in amounts.items}  # as answers spell them: no blanks
    exact = [i for k, i in keys.items() if k == name]
    if exact:
        return exact
    if name.isdigit() and 1 <= int(name) <= len(amounts.items):
        return [amounts.items[int(name) - 1].id]
    return [i for k, i in keys.items() if name and k.startswith(name)]


def typed_amounts(amounts: Amounts, answer: str) -> str | None:
    counts: dict[str, int] = {}
    for part in answer.replace(",", " ").split():
        name, sep, number = part.partition("=")
        matches = _typed_item(amounts, name)
        if not sep or not number.isdigit() or len(matches) != 1 or matches[0] in counts:
            return None
        counts[matches[0]] = int(number)
    return amounts.answer(counts) if counts else None


def amounts_refusal(amounts: Amounts, answer: str):
    """Why a line typed as amounts is no answer, in words (None when it is not amounts at all):
    an unknown item, a count that is no number, an item or a total out of its bounds, or the
    game's own rule (Amounts.check)."""
    counts = {item.id: 0 for item in amounts.items}
    parts = answer.replace(",", " ").split()
    if not parts or not all("=" in p for p in parts):
        return None
    labels = {item.id: item.label for item in amounts.items}
    for part in parts:
        name, _, number = part.partition("=")
        matches = _typed_item(amounts, name)
        if len(matches) != 1:
            return msg("'{name}' names none of the items (type its number or its name): {items}.", name=name,
                       items=listing([layout("{n} {label}", n=i, label=item.label)
                                      for i, item in enumerate(amounts.items, 1)]))
        if not number.isdigit():
            return msg("'{item}' needs a whole number from {lo} to {hi}.", item=labels[matches[0]],
                       lo=_item(amounts, matches[0]).min, hi=_item(amounts, matches[0]).max)
        counts[matches[0]] = int(number)
    for item in amounts.items:
        if not item.min <= counts[item.id] <= item.max:
            return msg("'{item}' must be from {lo} to {hi}, not {n}.", item=item.label, lo=item.min, hi=item.max,
                       n=counts[item.id])
    for total in amounts.totals:
        value = sum(counts[i.id] for i in amounts.items if i.group == total.group)
        name = total.label or msg("The total")
        if total.lo == total.hi and value != total.lo:
            return msg("{name} must be exactly {n}; these numbers make {value}.", name=name, n=total.lo, value=value)
        if not total.lo <= value <= total.hi:
            return msg("{name} must be from {lo} to {hi}; these numbers make {value}.", name=name, lo=total.lo,
                       hi=total.hi, value=value)
        if (value - total.lo) % total.step:
            return msg("{name} goes in steps of {step} from {lo}; these numbers make {value}.", name=name,
                       step=total.step, lo=total.lo, value=value)
    return amounts.refusal(counts)


def _item(amounts: Amounts, item_id: str):
    return next(item for item in amounts.items if item.id == item_id)


def amounts_help(decision: Decision):
    amounts = decision.amounts
    # Numbered by their labels: "1 Byzantine elite 0-1" (typed `1=1`; an item's id works too).
    items = listing([layout("{n} {label} {lo}-{hi}", n=n, label=i.label, lo=i.min, hi=i.max)
                     for n, i in enumerate(amounts.items, 1)])
    totals = listing([
        (msg("{label}: {lo}-{hi}, in steps of {step}", label=t.label or msg("in all"), lo=t.lo, hi=t.hi, step=t.step)
         if t.step > 1 else layout("{label}: {lo}-{hi}", label=t.label or msg("in all"), lo=t.lo, hi=t.hi))
        for t in amounts.totals])
    # The first real amounts answer (enumerate_answers lists the plain options, "keep them all", first).
    # An example with something in it ("e.g. ``" said nothing): the first answer naming an item,
    # written with the items' numbers as shown.
    answers = [a for a in enumerate_answers(decision, len(decision.options) + 200)
               if amounts.parse(a) is not None and a.partition(":")[2]]
    number = {answer_key(i.id): str(n) for n, i in enumerate(amounts.items, 1)}
    example = " ".join(f"{number[key]}={count}" for key, _, count in
                       (part.partition("=") for part in answers[0].partition(":")[2].split(","))) if answers else ""
    return msg("  Or type how many of each on one line, e.g. `{example}`:\n    {items}.\n    {totals}.",
               example=example, items=items, totals=totals)


def refusal(decision: Decision, answer: str = ""):
    if decision.amounts is not None:
        why = amounts_refusal(decision.amounts, answer) if answer else None
        if why is not None:
            return why
        return msg("Type one of the numbers shown, an option id, or the amounts on one line (e.g. `id=2 other=1`).")
    return msg("Type one of the numbers shown (or an option id).")


def reason(refused: IllegalAction):
    """The game's own words for a refusal (a Msg, so it is read in the table's language)."""
    return refused.args[0] if refused.args else str(refused)


def translate(text, lang: str | None) -> str:
    """`text` in `lang`. The terminal is the engine's edge: only it reads the catalogues, and it
    imports them when asked (locales/ imports engine.text, never the other way round)."""
    if not lang:
        return str(text)
    from locales import tr

    return tr(text, lang)
