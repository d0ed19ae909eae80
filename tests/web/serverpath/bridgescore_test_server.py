"""The settings of the app servers the tests start (``servers.server_env``): the site's own,
read from the same environment, with one change.

Django's default password hasher (PBKDF2, a million rounds) costs about a quarter of a second of
a core for every log-in and every account made, on purpose; the browser tests log in and make
accounts by the hundred, on two cores.  A test server hashes with MD5, as the in-process web
tests do (tests/web/conftest.py) and as Django's documentation advises for tests.  Nothing in
the product can choose it: this module is only on the path of a test's server.
"""

from bridgescore.web.settings import *  # noqa: F403 - the site's settings, all of them

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
