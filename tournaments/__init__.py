"""Organised tournaments: round-robin tables of two, standings, prize pools and payouts."""
