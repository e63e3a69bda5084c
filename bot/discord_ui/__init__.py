"""The Discord-facing layer: the only code that imports discord.py.

The client (app.py) wires everything together; the cogs hold the slash commands, components.py the
buttons and menus, interact.py the defer-ask-deliver path every interaction takes, and publish.py
turns the service's plain `Outcome`s into messages (publish_edits.py: the messages it changes in
place; message_parts.py: files, content and pings of a message). Nothing here holds game rules.
"""
