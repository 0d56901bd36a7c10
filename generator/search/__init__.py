"""Search: each language's Pagefind index of its published rule pages (index.py), and the words
the search page's script says (messages.py)."""
