"""The core: the notation at the heart of everything, and one table's result.

Seats and sides, strains, cards, vulnerability and board numbers, contracts, calls and the
auction, the play of the cards, deals and hands, a result and its score by Law 77 with the
breakdown a learner reads (``law77``), a game record; and what every layer shares: the one
family of bilingual errors, the two languages, text normalisation, numbers as people type them,
plain data (``serial``), frozen mappings, figures as printed, time zones as a reader meets them.

Imports: nothing of the package's own (the standard library only).
"""
