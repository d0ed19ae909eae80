from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "bridgescore.web.events"
    label = "events"
    default_auto_field = "django.db.models.BigAutoField"
