# How PostgreSQL stores two of the Rate's tables (nothing changes on SQLite):
# - the kept fit window (RatingWindow.data, a few hundred megabytes at 10 million results) is
#   stored without compression (STORAGE EXTERNAL): pglz over int32 codes and floats costs
#   several seconds a close and saves little;
# - the standings keep room on each page for a new version of every row (fillfactor 45): the
#   weekly close rewrites every standing of a club (the weights fade even for a player who did
#   not play), and with room on the page each rewrite is heap-only, touching no index.

from django.db import migrations


def storage(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE ratings_ratingwindow ALTER COLUMN data SET STORAGE EXTERNAL")
        schema_editor.execute("ALTER TABLE ratings_ratingstanding SET (fillfactor = 45)")


def default_storage(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE ratings_ratingwindow ALTER COLUMN data SET STORAGE EXTENDED")
        schema_editor.execute("ALTER TABLE ratings_ratingstanding RESET (fillfactor)")


class Migration(migrations.Migration):

    dependencies = [
        ("ratings", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(storage, default_storage),
    ]
