"""The small shared core every app imports: errors and their one renderer, rates and
throttles, the client's address, logs, ids in paths, bounded JSON, the schema's error
responses, append-only models, the admin's titles. It imports no app."""
