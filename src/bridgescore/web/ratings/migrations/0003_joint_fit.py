# The Rate as a joint fit (issue 21): the history keeps each week's precision instead of the
# old passes' Rate; the standings keep the prior the next fit starts from.  A standing stored
# by the old Rate becomes a prior of its Rate with its whole weight (what the library reads a
# standing without a prior as); `bridgescore web ratings recompute --refit` then refits every
# stored week with the new Rate.

from django.db import migrations, models
from django.db.models import F


def standings_as_priors(apps, schema_editor):
    RatingStanding = apps.get_model("ratings", "RatingStanding")
    RatingStanding.objects.update(anchor=F("rate"), anchor_weight=F("weight"))


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0002_rating_rows_lean'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='ratinghistory',
            name='pass_rate',
        ),
        migrations.AddField(
            model_name='ratinghistory',
            name='precision',
            field=models.FloatField(default=0.0),
        ),
        migrations.AddField(
            model_name='ratingstanding',
            name='anchor',
            field=models.FloatField(default=50.0),
        ),
        migrations.AddField(
            model_name='ratingstanding',
            name='anchor_weight',
            field=models.FloatField(default=0.0),
        ),
        migrations.RunPython(standings_as_priors, migrations.RunPython.noop),
    ]
