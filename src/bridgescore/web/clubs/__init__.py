"""Clubs and their people: members and directors (the per-club roles)."""
