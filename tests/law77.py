"""Law 77 written out independently of the library, for the tests that need expected scores."""

from __future__ import annotations


def law77(level: int, strain: str, dbl: int, vul: bool, tricks: int) -> int:
    """Law 77 written out independently of the library: table values, not a breakdown."""
    need = level + 6
    if tricks < need:
        down = need - tricks
        if dbl == 0:
            return -down * (100 if vul else 50)
        # Law 77: first undertrick, each of the 2nd and 3rd, each from the 4th on.
        per_trick = [200] + [300] * 12 if vul else [100, 200, 200] + [300] * 10
        return -sum(per_trick[:down]) * (2 if dbl == 2 else 1)
    odd = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    mult = (1, 2, 4)[dbl]
    bid = (odd * level + (10 if strain == "NT" else 0)) * mult
    total = bid
    over = tricks - need
    if dbl == 0:
        total += over * odd
    else:
        total += over * (200 if vul else 100) * (mult // 2)
        total += 50 * (mult // 2)
    total += (500 if vul else 300) if bid >= 100 else 50
    if level == 6:
        total += 750 if vul else 500
    if level == 7:
        total += 1500 if vul else 1000
    return total
