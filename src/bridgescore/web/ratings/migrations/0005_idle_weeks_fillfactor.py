# The kept window's weeks and idle weeks (weekly.keep_window: a week nobody played no
# longer rewrites the window's bytes), and room on each page of the standings for a second
# version of every row (PostgreSQL's fillfactor 45): the weekly close rewrites every standing of a club (the weights fade
# each week), and where a Rate has not changed (a week nobody played) the new version then
# fits on the row's own page, a heap-only update that touches none of the table's four
# indexes (docs/ratings.md "On the platform").  Rows written before keep their full pages
# until they are next moved.

from django.db import migrations, models


def room(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE ratings_ratingstanding SET (fillfactor = 45)")


def full(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE ratings_ratingstanding RESET (fillfactor)")


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0004_rating_window'),
    ]

    operations = [
        migrations.AddField(model_name='ratingwindow', name='weeks',
                            field=models.PositiveIntegerField(default=0)),
        migrations.AddField(model_name='ratingwindow', name='idle',
                            field=models.PositiveIntegerField(default=0)),
        migrations.RunPython(room, full),
    ]
