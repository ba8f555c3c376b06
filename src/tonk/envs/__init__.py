"""Adapters to the libraries bot builders start from, each behind an optional extra."""
