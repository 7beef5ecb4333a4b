"""The Game of Y: connect all three sides of a triangular hex board."""
