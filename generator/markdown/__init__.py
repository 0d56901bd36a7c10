"""Markdown for rules texts and example notes: markdown-it-py (CommonMark with tables) and its
plugins, used by model/ (which checks each text as it reads it) and render/ (whose pages show it).

What Giv adds: the language's quotes (the typographer), the minus sign of a negative number (a
core rule beside the typographer's), language spans written [text]{lang=sv}
(the attrs plugin), a ## or ### heading's id written after it, `## Scoring {#scoring}` (a core
rule: the id is the rules item's, the same in every language), `game:<id>` links (a core rule),
table alignment as classes (the CSP allows no style attribute), and a check that refuses raw HTML,
images, H1s, ids no link can name and links that go nowhere, with the line of each.

parser.py reads a text once; html.py makes its problems (check.py) and its HTML from those
tokens, and model/rules.py its items. A page fills in the `game:` links (their address depends
on the page)."""
