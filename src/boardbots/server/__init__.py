"""The game server: authoritative tables over HTTP and WebSocket, bots in worker processes."""
