"""Discord's documented limits on what a bot sends, checked the way Discord checks them.

Each check returns problems as (kind, field path, message); the caller records them as violations
and answers 400 "Invalid Form Body" (code 50035) with the same field paths, as Discord does.
Sources: https://discord.com/developers/docs/resources/message#create-message,
.../interactions/message-components, .../resources/message#embed-object-embed-limits.
"""

from __future__ import annotations

from typing import Any

from .message_record import walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_FILES = 10
MAX_FILE_SIZE = 10 * 1024 * 1024  # 10 MiB: the upload limit for a server without boosts
MAX_CHOICES = 25
MAX_CHOICE_NAME = 100

EMBED_FIELD_LIMITS = {"title": 256, "description": 4096}
SELECT_TYPES = (3, 5, 6, 7, 8)

Problem = tuple[str, str, str]


def check_message(payload: dict[str, Any], file_sizes: list[int], *, needs_body: bool = True) -> list[Problem]:
    """Problems with a message create or edit body. `needs_body`: a create must not be empty."""
    problems: list[Problem] = []
    content = payload.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        problems.append(("content_length", "content", f"Must be {MAX_CONTENT} or fewer in length (got {len(content)})."))
    problems += check_embeds(payload.get("embeds") or [])
    components = payload.get("components") or []
    problems += check_components(components, v2=bool(int(payload.get("flags") or 0) & (1 << 15)))
    if len(file_sizes) > MAX_FILES:
        problems.append(("file_count", "files", f"Must be {MAX_FILES} or fewer files (got {len(file_sizes)})."))
    for i, size in enumerate(file_sizes):
        if size > MAX_FILE_SIZE:
            problems.append(("file_size", f"files[{i}]", f"File cannot be larger than {MAX_FILE_SIZE} bytes (got {size})."))
    if needs_body and not (content or payload.get("embeds") or components or file_sizes
                           or payload.get("sticker_ids") or payload.get("poll")):
        problems.append(("empty_message", "content", "Cannot send an empty message"))
    return problems


def check_embeds(embeds: list[dict[str, Any]]) -> list[Problem]:
    problems: list[Problem] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(("embed_count", "embeds", f"Must be {MAX_EMBEDS} or fewer in length (got {len(embeds)})."))
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in EMBED_FIELD_LIMITS.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(("embed_field", f"embeds.{i}.{key}", f"Must be {limit} or fewer in length."))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(("embed_field", f"embeds.{i}.fields", "Must be 25 or fewer in length."))
        for j, f in enumerate(fields):
            name, value = str(f.get("name", "")), str(f.get("value", ""))
            total += len(name) + len(value)
            if len(name) > 256 or len(value) > 1024:
                problems.append(("embed_field", f"embeds.{i}.fields.{j}", "Field name <= 256 and value <= 1024."))
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
        if len(footer) > 2048 or len(author) > 256:
            problems.append(("embed_field", f"embeds.{i}", "Footer text <= 2048 and author name <= 256."))
    if total > MAX_EMBED_TOTAL:
        problems.append(("embed_total", "embeds", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL} (got {total})."))
    return problems


def check_components(components: list[dict[str, Any]], *, v2: bool = False) -> list[Problem]:
    problems: list[Problem] = []
    custom_ids: list[str] = []
    if not v2:
        if len(components) > MAX_ACTION_ROWS:
            problems.append(("action_rows", "components", f"Must be {MAX_ACTION_ROWS} or fewer in length (got {len(components)})."))
        for r, row in enumerate(components):
            if row.get("type") != 1:
                problems.append(("component_layout", f"components.{r}", "Top-level components must be action rows."))
                continue
            children = row.get("components") or []
            selects = [c for c in children if c.get("type") in SELECT_TYPES]
            buttons = [c for c in children if c.get("type") == 2]
            if not children:
                problems.append(("component_layout", f"components.{r}.components", "Must be 1 or more in length."))
            if selects and (len(children) > 1):
                problems.append(("row_select", f"components.{r}", "A row with a select menu can hold nothing else."))
            if len(buttons) > MAX_BUTTONS_PER_ROW:
                problems.append(("row_buttons", f"components.{r}.components", f"Must be {MAX_BUTTONS_PER_ROW} or fewer in length (got {len(buttons)})."))
    for comp in walk_components(components):
        problems += _check_component(comp, custom_ids)
    duplicates = sorted({c for c in custom_ids if custom_ids.count(c) > 1})
    if duplicates:
        problems.append(("custom_id_duplicate", "components", f"Component custom id cannot be duplicated: {duplicates}"))
    return problems


def _check_component(comp: dict[str, Any], custom_ids: list[str]) -> list[Problem]:
    problems: list[Problem] = []
    kind = comp.get("type")
    custom_id = comp.get("custom_id")
    if custom_id is not None:
        custom_ids.append(custom_id)
        if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            problems.append(("custom_id_length", "custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length (got {len(custom_id)}: {custom_id[:40]!r}...)."))
    if kind == 2:
        label = comp.get("label") or ""
        if len(label) > MAX_LABEL:
            problems.append(("label_length", "label", f"Must be {MAX_LABEL} or fewer in length (got {len(label)})."))
        if comp.get("style") == 5:
            if not comp.get("url") or custom_id:
                problems.append(("button", "url", "A link button needs a url and no custom_id."))
        elif comp.get("style") != 6 and not custom_id:
            problems.append(("button", "custom_id", "A non-link button needs a custom_id."))
        if not label and not comp.get("emoji"):
            problems.append(("button", "label", "A button needs a label or an emoji."))
    elif kind in SELECT_TYPES:
        options = comp.get("options") or []
        if kind == 3 and not 1 <= len(options) <= MAX_SELECT_OPTIONS:
            problems.append(("select_options", "options", f"Must be between 1 and {MAX_SELECT_OPTIONS} in length (got {len(options)})."))
        for o in options:
            for key in ("label", "value", "description"):
                if len(str(o.get(key) or "")) > MAX_OPTION_TEXT:
                    problems.append(("option_length", f"options.{key}", f"Must be {MAX_OPTION_TEXT} or fewer in length."))
        if len(comp.get("placeholder") or "") > MAX_PLACEHOLDER:
            problems.append(("placeholder_length", "placeholder", f"Must be {MAX_PLACEHOLDER} or fewer in length."))
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not (0 <= lo <= hi <= MAX_SELECT_OPTIONS) or (kind == 3 and hi > len(options)):
            problems.append(("select_values", "max_values", f"min_values {lo} / max_values {hi} out of range."))
    return problems


def check_choices(data: dict[str, Any]) -> list[Problem]:
    """An autocomplete result (callback type 8)."""
    problems: list[Problem] = []
    choices = data.get("choices") or []
    if len(choices) > MAX_CHOICES:
        problems.append(("choices", "data.choices", f"Must be {MAX_CHOICES} or fewer in length (got {len(choices)})."))
    for c in choices:
        if not 1 <= len(str(c.get("name", ""))) <= MAX_CHOICE_NAME:
            problems.append(("choice_name", "data.choices.name", f"Must be between 1 and {MAX_CHOICE_NAME} in length."))
    return problems


def form_errors(problems: list[Problem]) -> dict[str, Any]:
    """Discord's 50035 error body: nested field paths ending in _errors lists."""
    errors: dict[str, Any] = {}
    for kind, path, message in problems:
        node = errors
        for part in path.replace("[", ".").replace("]", "").split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": kind.upper(), "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


# -- modals (https://discord.com/developers/docs/components/using-modal-components) -----------------
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5
MAX_LABEL_TEXT = 45
MAX_LABEL_DESCRIPTION = 100
MAX_TEXT_DISPLAY = 4000
MAX_INPUT_VALUE = 4000
MAX_INPUT_PLACEHOLDER = 100
MODAL_FIELD_TYPES = (3, 4, 5, 6, 7, 8)  # a string or other select, or a text input


def check_modal(data: dict[str, Any]) -> list[Problem]:
    """A modal (callback type 9): its title, its custom id, at most five top-level components
    (labels wrapping one field, text displays, or action rows with one text input), their limits,
    and custom ids unique within the modal."""
    problems: list[Problem] = []
    title = str(data.get("title") or "")
    if not 1 <= len(title) <= MAX_MODAL_TITLE:
        problems.append(("modal_title", "data.title", f"Must be between 1 and {MAX_MODAL_TITLE} in length."))
    custom_id = str(data.get("custom_id") or "")
    if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        problems.append(("custom_id_length", "data.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length."))
    components = data.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        problems.append(("modal_components", "data.components",
                         f"Must be between 1 and {MAX_MODAL_COMPONENTS} in length (got {len(components)})."))
    fields: list[dict[str, Any]] = []
    for i, comp in enumerate(components):
        kind = comp.get("type")
        if kind == 10:
            if not 1 <= len(str(comp.get("content") or "")) <= MAX_TEXT_DISPLAY:
                problems.append(("text_display", f"data.components.{i}.content",
                                 f"Must be between 1 and {MAX_TEXT_DISPLAY} in length."))
        elif kind == 18:
            if not 1 <= len(str(comp.get("label") or "")) <= MAX_LABEL_TEXT:
                problems.append(("label_text", f"data.components.{i}.label",
                                 f"Must be between 1 and {MAX_LABEL_TEXT} in length."))
            if len(str(comp.get("description") or "")) > MAX_LABEL_DESCRIPTION:
                problems.append(("label_description", f"data.components.{i}.description",
                                 f"Must be {MAX_LABEL_DESCRIPTION} or fewer in length."))
            inner = comp.get("component")
            if not isinstance(inner, dict) or inner.get("type") not in MODAL_FIELD_TYPES:
                problems.append(("component_layout", f"data.components.{i}.component",
                                 "A label holds one text input or select."))
            else:
                fields.append(inner)
        elif kind == 1:
            children = comp.get("components") or []
            if len(children) != 1 or children[0].get("type") != 4:
                problems.append(("component_layout", f"data.components.{i}",
                                 "An action row in a modal holds exactly one text input."))
            fields += [c for c in children if isinstance(c, dict)]
        else:
            problems.append(("component_layout", f"data.components.{i}",
                             "A modal holds labels, text displays and action rows of text inputs."))
    custom_ids: list[str] = []
    for field in fields:
        if field.get("type") == 4:
            custom_ids.append(str(field.get("custom_id") or ""))
            if not 1 <= len(custom_ids[-1]) <= MAX_CUSTOM_ID:
                problems.append(("custom_id_length", "custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length."))
            if field.get("style") not in (1, 2):
                problems.append(("text_input", "style", "A text input's style is 1 (short) or 2 (paragraph)."))
            value, placeholder = str(field.get("value") or ""), str(field.get("placeholder") or "")
            lo, hi = int(field.get("min_length") or 0), int(field.get("max_length") or MAX_INPUT_VALUE)
            if len(value) > MAX_INPUT_VALUE or len(placeholder) > MAX_INPUT_PLACEHOLDER:
                problems.append(("text_input", "value", "A value holds 4000 characters, a placeholder 100."))
            if not 0 <= lo <= hi <= MAX_INPUT_VALUE or (value and not lo <= len(value) <= hi):
                problems.append(("text_input", "min_length", f"min_length {lo} / max_length {hi} out of range."))
        else:
            problems += _check_component(field, custom_ids)
    duplicates = sorted({c for c in custom_ids if custom_ids.count(c) > 1})
    if duplicates:
        problems.append(("custom_id_duplicate", "data.components", f"Component custom id cannot be duplicated: {duplicates}"))
    return problems
