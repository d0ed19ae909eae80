from __future__ import annotations

from unittest import mock

from django.test import override_settings

from .base import BaseTestCase

BROKEN_REDIS = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]}}}


class HealthzTestCase(BaseTestCase):
    def test_it_checks_the_database_and_the_channel_layer(self) -> None:
        r = self.client.get("/healthz")
        self.assertEqual(r.status_code, 200)
        body = r.json()
        self.assertEqual(body["status"], "ok")
        self.assertEqual(body["database"]["backend"], "sqlite" if "sqlite" in
                         str(self.client.get("/healthz").json()) else "postgresql")
        self.assertEqual(body["channel_layer"]["ok"], True)
        self.assertEqual(r.headers["Cache-Control"].split(",")[0], "max-age=0")

    def test_a_channel_layer_that_does_not_answer_is_503(self) -> None:
        from channels.layers import channel_layers

        with override_settings(CHANNEL_LAYERS=BROKEN_REDIS):
            channel_layers.backends.clear()
            try:
                r = self.client.get("/healthz")
            finally:
                channel_layers.backends.clear()
        self.assertEqual(r.status_code, 503)
        body = r.json()
        self.assertEqual(body["status"], "fail")
        self.assertEqual(body["channel_layer"]["ok"], False)
        self.assertEqual(body["database"]["ok"], True)
        self.assertNotIn("127.0.0.1", r.content.decode())  # details stay in the log

    def test_a_database_that_fails_is_503(self) -> None:
        with mock.patch("bridgescore.web.core.health._database",
                        side_effect=RuntimeError("disk gone")):
            r = self.client.get("/healthz")
        self.assertEqual(r.status_code, 503)
        self.assertEqual(r.json()["database"], {"ok": False, "error": "RuntimeError"})

    def test_it_needs_no_log_in_and_rejects_post(self) -> None:
        self.assertEqual(self.client.post("/healthz").status_code, 405)
