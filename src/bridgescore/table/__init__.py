"""The online table (an online table's rules, from the library's side; the web platform keeps
its rows, rights and sockets): ``state``, one board's state machine (the auction, the play,
claims, undos); ``actions``, what a player may do and the events it causes (and an action read
from a client's message); ``views``, what each seat and spectator may see of a state;
``across``, the table across boards (when the server acts by itself, the next board, who has
seen too much to sit); ``seating``, the four seats across boards (players, robots standing
in, the grace period); ``record``, a played board as a game record (PBN and LIN).

It stands on the core (cards, deals, auctions, play, scoring) and reads and writes files
through ``formats``; the robots (``bridgescore.robots``) and the web platform sit above it and
import it, never the other way round.

Imports: core, formats.
"""
