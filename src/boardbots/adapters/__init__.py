"""Our games in the APIs learning tools take: PettingZoo, Gymnasium and OpenSpiel.

Optional: `pip install 'boardbots[rl]'` brings numpy and those libraries. The
modules here import them at the top, so importing `boardbots.adapters.<x>`
without the extra fails at once with the missing package's name. Nothing in
core, games or bots imports this package. See docs/rl.md.
"""
