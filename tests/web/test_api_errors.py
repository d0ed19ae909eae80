from __future__ import annotations

from .base import BaseTestCase


class ApiErrorsTestCase(BaseTestCase):
    def test_an_unknown_address_is_json_404(self) -> None:
        r = self.client.get("/api/nothing-here", headers=self.zh())
        self.assertEqual(r.status_code, 404)
        self.assertEqual(r.json()["code"], "not_found")
        self.assertEqual(r.json()["message"], "此地址没有内容。")

    def test_a_wrong_method_is_json_405(self) -> None:
        r = self.client.delete("/api/me")
        self.assertEqual(r.status_code, 405)
        self.assertEqual(r.json()["code"], "http_error")
        self.assertEqual(r.json()["zh"], "不允许此请求方法")
        self.assertEqual(r.headers["Allow"], "GET")

    def test_the_schema_describes_me_and_the_token(self) -> None:
        r = self.client.get("/api/openapi.json")
        self.assertEqual(r.status_code, 200)
        schema = r.json()
        self.assertTrue(schema["openapi"].startswith("3."))
        self.assertIn("/api/me", schema["paths"])
        schemes = schema["components"]["securitySchemes"]
        self.assertIn({"type": "http", "scheme": "bearer"}, list(schemes.values()))

    def test_the_docs_page_is_served(self) -> None:
        self.assertContains(self.client.get("/api/docs"), "swagger")
