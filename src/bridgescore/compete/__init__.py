"""The online competitions of seed 002, as pure rules: the duplicate board pool, automatic Swiss
pairs with timed rounds, masterpoints, online pairs events, VP team matches, the ladder and the
disconnection penalties.

Each module is a set of functions and immutable values; the event rules are state machines (a
state and an action in, a new state and events out), so that the web layer only stores actions,
replays them and delivers the events.  Nothing here imports Django or touches a clock: time is an
argument (``now``, seconds), which is what lets the tests run a whole event on a fake clock.

Imports: core, scoring, deals, home, sessions, table.
"""
