"""Gettext catalogs (Babel) and locale formatting."""
