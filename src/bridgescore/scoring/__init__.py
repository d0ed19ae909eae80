"""Scoring across tables: IMP and VP scales, the datum and cross-IMPs, exact sums, the printed
score tables of the seeds, their worked examples, and NumPy scoring of many results at once.

One table's score is the core's (Law 77); here results are compared.  The scoring methods of a
whole session (matchpoints, cross-IMPs and Butler over an event) are the sessions' and use the
arithmetic here.

Imports: core.
"""
