"""The SQLite backend (aiosqlite): the `Storage` class in store.py, split by noun into base.py
(connections, transactions), side.py (results, messages, reminders, settings, audit) and tools.py
(export, import, checks, backups); migrate.py applies the numbered migrations/ at start-up.
"""
