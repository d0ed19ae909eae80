"""The site's settings with robots that play at once and a long look at each result: what the
browser tests' server runs (``DJANGO_SETTINGS_MODULE=web.play_pages.fast_settings``, with
tests/ on the path), so that a board by robots takes a second, not a minute."""

from bridgescore.web.settings import *  # noqa: F403

BRIDGESCORE_PLAY_ROBOT_SECONDS = 0
BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS = 60  # the result stays while the test looks at it
