"""Files that are not content, though they sit in content/: what editors and systems leave there."""


def scratch(name: str) -> bool:
    """Hidden files (vim's .da.md.swp, emacs' .#da.md, .DS_Store), backups (da.md~), emacs'
    #da.md#, vim's probe 4913. No imports: `giv build` with nothing to do uses it too."""
    return name.startswith(".") or name.endswith("~") or (name.startswith("#") and name.endswith("#")) \
        or name == "4913"
