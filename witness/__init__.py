"""witness-ilp: learn human-readable predicates for Witness triangle puzzles with ILP."""
