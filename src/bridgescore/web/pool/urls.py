app_name = "pool"
urlpatterns: list = []
