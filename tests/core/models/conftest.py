from tests.core.models.layouts import home  # noqa: F401 - the fixture, for every test here
