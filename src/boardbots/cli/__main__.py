"""`python -m boardbots.cli` runs the same app as the `boardbots` command."""

from boardbots.cli import main

main()
