"""The SQLite backend (aiosqlite), the default: database.py (connections, transactions, checks),
connection.py (opening one connection, saying what is wrong with a file), migrate.py (the numbered
migrations/ at start-up), backup.py (online copies), files.py (a private file, its marker, the
watch for a database deleted under the bot) and lock.py (one bot process per file).
"""
