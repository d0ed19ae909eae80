"""HTTP routes.  Addresses carry no language prefix: the language follows the browser
(or the switch's cookie), so a published page keeps one stable address."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from .accounts.forms import AdminLoginForm
from .api import api
from .core import views
from .core.health import healthz

admin.site.login_form = AdminLoginForm  # the admin's log-in is throttled too
admin.site.site_header = "bridgescore"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("account/", include("bridgescore.web.accounts.urls")),
    path("clubs/", include("bridgescore.web.clubs.urls")),
    path("play/", include("bridgescore.web.play.urls")),
    path("compete/", include("bridgescore.web.compete.urls")),
    path("pool/", include("bridgescore.web.compete.pool.urls")),
    path("ratings/", include("bridgescore.web.ratings.urls")),
    # The event apps write their paths out in full (/t/<secret>/, /events/<id>/…).
    path("", include("bridgescore.web.events.entry.urls")),
    path("", include("bridgescore.web.events.director.urls")),
    path("", include("bridgescore.web.events.results.urls")),
    path("", include("bridgescore.web.events.files.urls")),
    path("", include("bridgescore.web.events.teams.urls")),
    path("", include("bridgescore.web.play.record_urls")),
    path("", include("bridgescore.web.play.vugraph.urls")),
    path("", include("bridgescore.web.compete.online.urls")),  # team matches, the ladder, 贴点
    path("api/", api.urls),
    path("admin/", admin.site.urls),
]

handler400 = "bridgescore.web.core.views.bad_request"
handler403 = "bridgescore.web.core.views.permission_denied"
handler404 = "bridgescore.web.core.views.page_not_found"
handler500 = "bridgescore.web.core.views.server_error"
