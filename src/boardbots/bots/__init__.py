"""Bots written once against the engine contract: Random, Easy, Medium, Hard and scripted ones."""
