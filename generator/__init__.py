"""Giv: a static site generator for card-game rule pages with an embedded scoresheet."""
