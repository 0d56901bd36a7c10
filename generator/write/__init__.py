"""Writing a finished build: into a temporary folder, then swapped in place of the old one."""
