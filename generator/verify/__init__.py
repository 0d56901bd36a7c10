"""Executing every worked example against the engine before anything is rendered."""
