"""Where games are kept: each game as its setup plus every choice, with snapshots as a cache.

records.py holds what storage hands out and the errors it raises, replay.py rebuilds and checks
states (no database), dbcli.py is `python -m bot backup` / `check-db`. Each backend lives in its own
sub-package beside them; sqlite/ is the default one.
"""
