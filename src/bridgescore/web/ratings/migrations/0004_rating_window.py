# The fit window kept by the weekly close (a cache: see RatingWindow).  On PostgreSQL its
# bytes are stored without compression (STORAGE EXTERNAL): pglz over a few hundred megabytes
# of int32 codes and floats costs several seconds a close and saves little.

import django.db.models.deletion
from django.db import migrations, models


def uncompressed(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE ratings_ratingwindow ALTER COLUMN data SET STORAGE EXTERNAL")


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('ratings', '0003_joint_fit'),
    ]

    operations = [
        migrations.CreateModel(
            name='RatingWindow',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('settings', models.JSONField()),
                ('data', models.BinaryField()),
                ('club', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rating_window', to='clubs.club')),
            ],
        ),
        migrations.RunPython(uncompressed, migrations.RunPython.noop),
    ]
