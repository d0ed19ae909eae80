"""The site's frame: base template, home page, errors, language switch, health check."""
