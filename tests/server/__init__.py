"""Tests for the game server."""
