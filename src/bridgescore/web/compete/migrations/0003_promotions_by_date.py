"""The ledger read by date (issue 23, finding 1): the awards ordered by date, ties by
competition, and every player's promotions made again from that dated ledger.

Before, each award's promotions were computed against the awards stored before it, so an
award stored after a later-dated one (the demo's season, a backdated import) recorded
promotions that contradict the dated running totals.  The rule is the library's
(``bridgescore.compete.ranks.dated_ledger``), under the platform's thresholds; a player's
awards from before the ranks now have their promotions too (they are part of the ledger).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import migrations


def promotions_from_the_dated_ledger(apps: Any, schema_editor: Any) -> None:
    from bridgescore.compete.ranks import DatedAward, RankSettings, dated_ledger, masterpoints

    award = apps.get_model("compete", "MasterpointAward")
    promotion = apps.get_model("compete", "RankPromotion")
    s = RankSettings(tuple(settings.BRIDGESCORE_RANK_THRESHOLDS))
    rows: dict[int, list[tuple[int, Any, int, str]]] = {}
    for uid, pk, at, cid, exact in award.objects.values_list(
            "user_id", "pk", "awarded_at", "competition_id", "exact"):
        rows.setdefault(uid, []).append((pk, at, cid, exact))

    def text(x: Any) -> str:
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

    # Made again whole: a player has at most eleven promotions, and the rows are derived
    # from the ledger (nothing refers to them by id).
    promotion.objects.all().delete()
    new = []
    for uid, mine in rows.items():
        ids = {cid: pk for pk, _, cid, _ in mine}
        book = dated_ledger([DatedAward(at, cid, masterpoints(x)) for _, at, cid, x in mine], s)
        new += [promotion(user_id=uid, rank=p.rank.value, award_id=ids[p.award.key],
                          threshold=p.threshold, before=text(p.before), after=text(p.after),
                          promoted_at=p.at)
                for p in book.promotions]
    promotion.objects.bulk_create(new, batch_size=2000)


class Migration(migrations.Migration):

    dependencies = [
        ('compete', '0002_ranks'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='masterpointaward',
            options={'ordering': ['awarded_at', 'competition']},
        ),
        migrations.RunPython(promotions_from_the_dated_ledger, migrations.RunPython.noop),
    ]
