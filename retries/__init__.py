"""Safe retries: ``Idempotency-Key`` on any POST (``retries.middleware``)."""
