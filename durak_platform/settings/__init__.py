"""Settings split the cookiecutter-django way: base, then local / production / test."""
