"""The Discord application: client, commands, views, storage, scheduling, settings."""
