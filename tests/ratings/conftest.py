from tests.support import _fresh_caches, make_client, player  # noqa: F401
