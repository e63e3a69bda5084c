"""Extracting, updating, compiling and checking the catalogues, with Babel.

The message ids are the English texts of `msg(...)`, `msg_n(...)` and `term(...)` calls in
engine/, render/, bot/ and locales/, plus each game's data terms (place names: `Game.terms()`).
`check()` is what CI runs: every message translated in every language, no translation that
drops or adds a {field}, the compiled .mo files up to date, and the glossary respected.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from locales import DOMAIN, HERE, LANGUAGES, NAME_CONTEXT, OPTION_CONTEXT, SOURCE, valid_command_name

ROOT = HERE.parent
TEMPLATE = HERE / f"{DOMAIN}.pot"
KEYWORDS = {"msg": None, "msg_n": (1, 2), "term": ((1, "c"), 2)}
# The slash commands' texts come from the bot's command tree, through an extractor the bot offers
# (Babel's "module:function" methods), so this tool never imports the bot itself.
METHODS = [("engine/**.py", "python"), ("render/**.py", "python"),
           ("bot/discord_ui/translator.py", "bot.discord_ui.translator:extract_commands"), ("bot/**.py", "python"),
           ("locales/**.py", "python")]
TARGETS = tuple(lang for lang in LANGUAGES if lang != SOURCE)
FIELD = re.compile(r"\{(\w+)\}")
# Headers carry no real dates, so regenerating a catalogue changes nothing that did not change.
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def po_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def data_terms() -> list[tuple[str, str]]:
    """(context, name) of every game's data terms: names that code passes to term() as variables."""
    from engine import game_names, get_game

    found = []
    for name in game_names():
        found.extend(get_game(name).terms())
    return found


def template(methods: list[tuple[str, str]] | None = None, *, with_data: bool = True) -> Catalog:
    """The catalogue of every message id in the sources (or in the files `methods` name)."""
    catalog = Catalog(domain=DOMAIN, project="boardgame-bot", version="1", charset="utf-8",
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    for filename, _lineno, message, _comments, context in extract_from_dir(
            ROOT, methods or METHODS, keywords=KEYWORDS, directory_filter=_skip_hidden):
        catalog.add(message, locations=[(filename, None)], context=context)
    for context, name in data_terms() if with_data else ():
        catalog.add(name, locations=[("data", None)], context=context)
    return catalog


def _skip_hidden(dirname: str) -> bool:
    return not any(part.startswith(".") or part == "__pycache__" for part in Path(dirname).parts)


def write_template(catalog: Catalog | None = None) -> Catalog:
    catalog = catalog or template()
    with TEMPLATE.open("wb") as out:
        write_po(out, catalog, omit_header=False, no_location=True, sort_output=True, width=0)
    return catalog


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="boardgame-bot", version="1",
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def write(lang: str, catalog: Catalog) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, no_location=True, sort_output=True, width=0, ignore_obsolete=True)


def update(source: Catalog | None = None) -> None:
    """Bring every language's .po up to date with the sources (new ids empty, gone ids dropped)."""
    source = source or template()
    for lang in TARGETS:
        catalog = read(lang)
        catalog.update(source, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = FIXED_DATE
        write(lang, catalog)


def compiled(lang: str) -> bytes:
    out = io.BytesIO()
    write_mo(out, read(lang), use_fuzzy=False)
    return out.getvalue()


def mo_content(data: bytes) -> tuple[dict, str]:
    """What a compiled catalogue means to gettext: every (context, id) -> translation(s), and the
    plural rule. Not its bytes: a Babel release may order, pad or head the file differently
    (its generator's name and version are in the header), which changes nothing a player reads."""
    import gettext

    translations = gettext.GNUTranslations(io.BytesIO(data))
    plural_forms = translations.info().get("plural-forms", "")
    messages = {key: text for key, text in translations._catalog.items() if key != ""}
    return messages, " ".join(plural_forms.split())


def compile_all() -> None:
    for lang in TARGETS:
        mo_path(lang).write_bytes(compiled(lang))


def key_of(message: Message) -> str:
    """A message's key in the translators' JSON files: "context|id" or "id" (a plural by its singular)."""
    singular = _source_forms(message)[0]
    return f"{message.context}|{singular}" if message.context else singular


def todo(lang: str, source: Catalog | None = None) -> dict:
    """The untranslated messages of `lang` as {key: "" or ["", ...] (plurals)}, with the plural
    form of each plural in {key + " (plural)": ...} for context."""
    source = source or template()
    catalog = read(lang)
    out: dict = {}
    for message in source:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is not None and all(_forms(found)) and not found.fuzzy:
            continue
        if message.pluralizable:
            out[key_of(message)] = {"plural": _source_forms(message)[1], "forms": [""] * catalog.num_plurals}
        else:
            out[key_of(message)] = ""
    return out


def fill(lang: str, translations: dict) -> int:
    """Write translations given as {key: text} or {key: {"forms": [...]}} (or a list) into the
    .po of `lang` (which `update` must already hold); returns how many were set."""
    catalog = read(lang)
    by_key = {key_of(m): m for m in catalog if m.id}
    count = 0
    for key, value in translations.items():
        message = by_key.get(key)
        if message is None:
            raise KeyError(f"no message {key!r} in {po_path(lang)} (run `python -m locales update`)")
        forms = value.get("forms") if isinstance(value, dict) else value
        if message.pluralizable:
            if not isinstance(forms, list) or len(forms) != catalog.num_plurals:
                raise ValueError(f"{key!r} needs {catalog.num_plurals} plural forms")
            message.string = tuple(forms)
        else:
            if not isinstance(forms, str):
                raise ValueError(f"{key!r} needs one string")
            message.string = forms
        message.flags.discard("fuzzy")
        count += 1
    write(lang, catalog)
    return count


# -- checks --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    lang: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"[{self.lang}] {self.what}: {self.msgid!r}"


def _key(message: Message) -> tuple:
    return (message.id, message.context)


def _forms(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def _source_forms(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def field_problems(lang: str, message: Message) -> list[Problem]:
    """A translation must use exactly the source's fields (a plural form may leave out {n})."""
    wanted = set().union(*(set(FIELD.findall(s)) for s in _source_forms(message)))
    problems = []
    for form in _forms(message):
        used = set(FIELD.findall(form))
        extra, missing = used - wanted, wanted - used
        if message.pluralizable:
            missing -= {"n"}
        if extra:
            problems.append(Problem(lang, _source_forms(message)[0], f"adds {sorted(extra)}"))
        if missing:
            problems.append(Problem(lang, _source_forms(message)[0], f"drops {sorted(missing)}"))
    return problems


def check(source: Catalog | None = None, langs: Iterable[str] = TARGETS) -> list[Problem]:
    """Everything wrong with the catalogues against the sources; empty when all is well."""
    source = source or template()
    problems: list[Problem] = []
    for lang in langs:
        catalog = read(lang)
        for message in source:
            if not message.id:
                continue
            found = catalog.get(message.id, context=message.context)
            label = _source_forms(message)[0]
            if found is None or not all(_forms(found)) or found.fuzzy:
                problems.append(Problem(lang, label, "not translated"))
                continue
            if message.pluralizable and len(_forms(found)) != catalog.num_plurals:
                problems.append(Problem(lang, label, f"needs {catalog.num_plurals} plural forms"))
            problems.extend(field_problems(lang, found))
        problems.extend(glossary_problems(lang, catalog))
        problems.extend(command_name_problems(lang, catalog))
        if not mo_path(lang).exists() or mo_content(mo_path(lang).read_bytes()) != mo_content(compiled(lang)):
            problems.append(Problem(lang, str(mo_path(lang).relative_to(ROOT)), "compiled catalogue out of date"))
    return problems


def command_name_problems(lang: str, catalog: Catalog) -> list[Problem]:
    """A slash command's or option's name must be a name Discord takes, exactly as translated:
    texts cite commands by these entries (engine/slash.py), so a name Discord refused
    would be cited as something no member can type."""
    return [Problem(lang, message.id, f"not a Discord command name: {message.string!r}")
            for message in catalog
            if message.context in (NAME_CONTEXT, OPTION_CONTEXT) and message.string
            and not valid_command_name(message.string)]


# -- the glossary --------------------------------------------------------------------------------

def glossary(lang: str) -> dict:
    """locales/glossary/<lang>.json: {"terms": {English term: [accepted forms]}, "names": {...}}.

    A message whose English text contains a glossary term must use one of its forms (the
    rulebook's own word in that language); a data term (a place name) must be translated
    exactly as the glossary gives it."""
    path = HERE / "glossary" / f"{lang}.json"
    return json.loads(path.read_text("utf-8")) if path.exists() else {"terms": {}, "names": {}}


def glossary_problems(lang: str, catalog: Catalog) -> list[Problem]:
    entries = glossary(lang)
    problems = []
    for message in catalog:
        if not message.id or not all(_forms(message)):
            continue
        english = " ".join(_source_forms(message))
        translated = " ".join(_forms(message)).lower()
        for term, forms in entries.get("terms", {}).items():
            if re.search(rf"\b{re.escape(term)}", english, re.IGNORECASE) and not any(
                    f.lower() in translated for f in forms):
                problems.append(Problem(lang, english, f"glossary: '{term}' should be one of {forms}"))
        name = entries.get("names", {}).get(f"{message.context}|{message.id}") if message.context else None
        if name is not None and _forms(message)[0] != name:
            problems.append(Problem(lang, english, f"glossary: the name is '{name}'"))
    return problems
