"""Where games are kept: each game as its setup plus every choice, with snapshots as a cache.

records.py holds what storage hands out and the errors it raises, replay.py rebuilds and checks
states (no database); the `Storage` service is store.py (games, choices, loading, undo) with
base.py (opening, transactions), side.py (results, messages, reminders, settings, audit) and
tools.py (export, import, checks, backups), written once for both backends through the interface
in database.py. The backends: sqlite/ (the default, one file) and postgres/ (DATABASE_URL).
dbcli.py is `python -m bot backup` / `check-db`.
"""
