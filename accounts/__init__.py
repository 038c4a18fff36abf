"""Players: guest accounts, registration and tokens, over Django's users."""
