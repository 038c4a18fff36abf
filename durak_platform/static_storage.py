"""Static files under content-hashed names, the pages' ES module imports included.

``{% static %}`` gives ``durak/app.<hash>.js``; collectstatic rewrites each module's
``import … from "./store.js";`` to the hashed name too, so a changed module gives a new
name to every module that imports it, up to the page's entry, and browsers may keep
every file for good (no hand-set ``?v=`` to forget). The names come from the manifest
that collectstatic writes; with ``DEBUG`` on, Django gives the plain names instead.
"""

from __future__ import annotations

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # A pass may settle only one level of the import graph (files are hashed in directory
    # order, not import order); the game page's modules are seven levels deep.
    max_post_process_passes = 12

    def stored_name(self, name: str) -> str:
        if not self.hashed_files and settings.WHITENOISE_USE_FINDERS:
            # Nothing collected, and WhiteNoise serves the source folders: plain names, as
            # before hashing (the README's "collectstatic, or DJANGO_WHITENOISE_USE_FINDERS=1").
            return name
        return str(super().stored_name(name))
