"""The simulation lab: bots play thousands of games so each level's edge is measured."""
