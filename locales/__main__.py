"""`python -m locales extract|update|compile|check`: the catalogues' tools (Babel underneath).

- extract: write locales/messages.pot from the sources (msg/msg_n/term calls and data terms).
- update:  extract, then bring locales/<lang>/LC_MESSAGES/messages.po up to date (new ids empty).
- compile: write the .mo files the bot ships with.
- check:   list untranslated messages, {field} mismatches, glossary breaches and stale .mo
           files; exit status 1 if there is any (CI runs the same check as a test).
- todo LANG [FILE]: the untranslated messages of one language as JSON {key: ""} for a
           translator (plurals: {"plural": ..., "forms": ["", ...]}); a key is "context|id" or "id".
- fill LANG FILE: write the translations of such a JSON file into the .po, then compile.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    from locales import catalogs

    command = argv[0]
    if command == "extract":
        catalog = catalogs.write_template()
        print(f"{len(catalog)} messages -> {catalogs.TEMPLATE}")
    elif command == "update":
        catalogs.update(catalogs.write_template())
        print("updated: " + ", ".join(str(catalogs.po_path(lang)) for lang in catalogs.TARGETS))
    elif command == "compile":
        catalogs.compile_all()
        print("compiled: " + ", ".join(catalogs.TARGETS))
    elif command == "todo" and len(argv) >= 2:
        import json

        text = json.dumps(catalogs.todo(argv[1]), ensure_ascii=False, indent=1)
        if len(argv) > 2:
            with open(argv[2], "w", encoding="utf-8") as out:
                out.write(text + "\n")
        else:
            print(text)
    elif command == "fill" and len(argv) == 3:
        import json

        with open(argv[2], encoding="utf-8") as handle:
            count = catalogs.fill(argv[1], json.load(handle))
        catalogs.compile_all()
        print(f"{count} translation(s) written to {catalogs.po_path(argv[1])}; compiled")
    elif command == "check":
        langs = argv[1:] or list(catalogs.TARGETS)
        problems = catalogs.check(langs=langs)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1 if problems else 0
    else:
        print(f"error: unknown command {command!r}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
