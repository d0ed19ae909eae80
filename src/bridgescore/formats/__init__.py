"""File formats: PBN (Portable Bridge Notation 2.1) and LIN (Bridge Base Online)."""
