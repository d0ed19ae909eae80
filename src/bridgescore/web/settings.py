"""Django settings, read from environment variables (the README has the table).

With nothing set, the site runs embedded: SQLite under ``BRIDGESCORE_DATA_DIR`` (``./var``),
the in-memory channel layer and a secret key generated into the data directory.
``DATABASE_URL`` selects PostgreSQL and ``REDIS_URL`` the Redis channel layer and cache,
so that several stateless app servers can share them.
"""

from __future__ import annotations

import os
from pathlib import Path

import django_stubs_ext

from . import config

django_stubs_ext.monkeypatch()  # ModelAdmin[Player] and friends work at run time

ENV = os.environ
BASE_DIR = Path(__file__).resolve().parent
DATA_DIR = config.data_dir(ENV)

DEBUG = config.flag(ENV, "BRIDGESCORE_DEBUG")
SECRET_KEY = config.secret_key(ENV, DATA_DIR)
ALLOWED_HOSTS = config.words(ENV, "BRIDGESCORE_ALLOWED_HOSTS", "localhost 127.0.0.1 [::1]")
CSRF_TRUSTED_ORIGINS = config.words(ENV, "BRIDGESCORE_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "bridgescore.web.core",
    "bridgescore.web.accounts",
    "bridgescore.web.clubs",
    # One app a domain: a club's sessions (director, table entry, results, files, team
    # events), play (tables, game records, vugraph), the online competitions (their kinds,
    # the pool, player groups), the Rate.
    "bridgescore.web.events",
    "bridgescore.web.play",
    "bridgescore.web.compete",
    "bridgescore.web.ratings",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "ninja",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "bridgescore.web.core.middleware.LocalTimeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "bridgescore.web.core.middleware.SecurityHeadersMiddleware",
    "bridgescore.web.core.middleware.ApiErrorsMiddleware",
    "bridgescore.web.core.middleware.RefusalsMiddleware",
]

ROOT_URLCONF = "bridgescore.web.urls"
ASGI_APPLICATION = "bridgescore.web.asgi.application"
WSGI_APPLICATION = "bridgescore.web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "bridgescore.web.core.context.site",
            ],
        },
    }
]

DATABASES = config.databases(ENV, DATA_DIR)
# Threads a process runs the table API's database work on, each keeping its connection
# (core/dbthreads.py); with PostgreSQL, servers × this must stay under max_connections.
BRIDGESCORE_DB_THREADS = config.integer(ENV, "BRIDGESCORE_DB_THREADS", 16, minimum=1)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Online play (web/play): a robot's pause before it acts (people follow the play), the pause
# between boards, how often a server sweeps the tables (robots and timers overdue, players
# away past the grace period), and the robots' card player (auto: the fair robot where the
# double-dummy solver is installed, else the rule-of-thumb one; dd, the omniscient one, only
# when asked for).
BRIDGESCORE_PLAY_ROBOT_SECONDS = config.seconds(ENV, "BRIDGESCORE_PLAY_ROBOT_SECONDS", 0.6, 60)
BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS = config.seconds(ENV, "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS",
                                                     5.0, 600)
BRIDGESCORE_PLAY_SWEEP_SECONDS = config.seconds(ENV, "BRIDGESCORE_PLAY_SWEEP_SECONDS", 1.0, 60)
# The competitions' clock may run ahead of the wall clock by the seconds in this file (tests
# and rehearsals of a running server; web/compete/clock.py).  Unset: the wall clock.
BRIDGESCORE_CLOCK_FILE = ENV.get("BRIDGESCORE_CLOCK_FILE", "")
BRIDGESCORE_PLAY_ROBOT_SOLVER = config.choice(ENV, "BRIDGESCORE_PLAY_ROBOT_SOLVER", "AUTO",
                                              ("AUTO", "FAIR", "DD", "SIMPLE")).lower()
# Worker processes a server's robots think in (web/play/thinking.py; 0: in the server).
BRIDGESCORE_PLAY_ROBOT_WORKERS = config.integer(ENV, "BRIDGESCORE_PLAY_ROBOT_WORKERS", 1,
                                                minimum=0)
# Masterpoints (巅峰大师分) at which each of the 12 ranks begins (docs/ranks.md).
BRIDGESCORE_RANK_THRESHOLDS = config.rank_thresholds(ENV)
# Player groups (web/online, the ladder's entrants): how many groups a player may belong to
# in one club (led or not), the most members of a team (队) and of a player club (帮派),
# and for how many days an invitation may be accepted.
BRIDGESCORE_GROUPS_PER_PLAYER = config.integer(ENV, "BRIDGESCORE_GROUPS_PER_PLAYER", 3,
                                               minimum=1)
BRIDGESCORE_GROUP_TEAM_MAX = config.integer(ENV, "BRIDGESCORE_GROUP_TEAM_MAX", 6, minimum=4)
BRIDGESCORE_GROUP_CLUB_MAX = config.integer(ENV, "BRIDGESCORE_GROUP_CLUB_MAX", 50, minimum=4)
BRIDGESCORE_GROUP_INVITATION_DAYS = config.integer(ENV, "BRIDGESCORE_GROUP_INVITATION_DAYS",
                                                   14, minimum=1, maximum=365)
CHANNEL_LAYERS = config.channel_layers(ENV)
CACHES = config.caches(ENV)

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.ModelBackend"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:profile"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Log-in throttle: this many failures for one user name from one address within the
# window locks that pair out until the window has passed.
LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW = config.failure_throttle(
    ENV, "BRIDGESCORE_LOGIN_FAILURE", limit=5, window=900)
# Table secrets (entry/throttle.py): wrong secrets per address, pages and API together.
# Generous, because a club's phones often share one public address.
TABLE_SECRET_FAILURE_LIMIT, TABLE_SECRET_FAILURE_WINDOW = config.failure_throttle(
    ENV, "BRIDGESCORE_TABLE_SECRET_FAILURE", limit=30, window=600)

LANGUAGE_CODE = "en"
# Each language is named in itself, as a language switch shows it.
LANGUAGES = [("en", "English"), ("zh-hans", "中文")]
LOCALE_PATHS: list[Path] = []
USE_I18N = True
TIME_ZONE = ENV.get("BRIDGESCORE_TIME_ZONE", "Asia/Shanghai")
USE_TZ = True
LANGUAGE_COOKIE_NAME = "bridgescore_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "/static/"
STATIC_ROOT = Path(ENV.get("BRIDGESCORE_STATIC_ROOT") or DATA_DIR / "static")
# Front-end packages installed from the npm registry by `make web-assets` (git-ignored).
STATICFILES_DIRS = [p for p in [BASE_DIR / "vendor"] if p.is_dir()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "bridgescore.web.core.storage.GzipManifestStaticFilesStorage"
            if config.flag(ENV, "BRIDGESCORE_STATIC_MANIFEST", default=True)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_MAX_AGE = 3600
# Only the hashed names are served (the templates ask for those), and source maps, which
# no visitor's browser needs, are not compressed: together they make collectstatic ~4× faster.
WHITENOISE_KEEP_ONLY_HASHED_FILES = True
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (
    "jpg", "jpeg", "png", "gif", "webp", "zip", "gz", "tgz", "bz2", "tbz", "xz", "br",
    "swf", "flv", "woff", "woff2", "3gp", "3gpp", "asf", "avi", "m4v", "mov", "mp4", "mpeg",
    "mpg", "webm", "wmv", "map",
)

# E-mail: printed on the console unless an SMTP server is named.
DEFAULT_FROM_EMAIL = ENV.get("BRIDGESCORE_EMAIL_FROM", "bridgescore <noreply@localhost>")
EMAIL_HOST = ENV.get("BRIDGESCORE_EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = config.integer(ENV, "BRIDGESCORE_EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = ENV.get("BRIDGESCORE_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = ENV.get("BRIDGESCORE_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = config.flag(ENV, "BRIDGESCORE_EMAIL_TLS", default=bool(EMAIL_HOST))

# Behind a reverse proxy that terminates TLS: trust its X-Forwarded-Proto and mark the
# cookies secure.  (The client address comes from the ASGI server's --forwarded-allow-ips.)
if config.flag(ENV, "BRIDGESCORE_HTTPS"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = config.integer(ENV, "BRIDGESCORE_HSTS_SECONDS", 0)
SESSION_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
CSRF_FAILURE_VIEW = "bridgescore.web.core.views.csrf_failure"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": config.choice(
        ENV, "BRIDGESCORE_LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR"))},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
