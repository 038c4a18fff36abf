from tests.harness.fixtures import _fresh_caches, make_client, player  # noqa: F401
