"""Deals: tournament dealing and board sets, bulk dealing for simulation, the DDS solver's
double-dummy tables and par, positions solved in the middle of the play, a played board
analysed card by card, hand records, and whether an entered opening lead can be right.

Imports: core, formats.
"""
