"""Ratings on the platform: the figures a player carries (masterpoints and the rank now; the
Rate and the weekly figures of seed 002 §2 next), the leaderboards, and the profile's
sections.  Each is a small registry another part adds to: a figure (``figures``), a
leaderboard (``boards``), a profile section (``profile``)."""
