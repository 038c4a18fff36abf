"""A player's page and profile: what games and ratings know of one player, composed."""
