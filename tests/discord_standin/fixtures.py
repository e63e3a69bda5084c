"""Pytest fixtures for the Discord stand-in (imported by tests/conftest.py)."""
