# The fit window kept by the weekly close (a cache: see RatingWindow).

import django.db.models.deletion
from django.db import migrations, models


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
    ]
