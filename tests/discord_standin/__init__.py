"""A local stand-in for the parts of Discord's API v10 the bot uses, and a test API on top of it.

The unmodified discord.py client connects to it over real HTTP and a real websocket, so the
end-to-end tests see exactly what players would see. `FakeDiscord` (api.py) is the entry point.
"""
