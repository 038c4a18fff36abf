"""Coins: each player's wallet and the double-entry ledger every coin moves through
(welcome coins, staff grants, and the tournaments' fees, pools, guarantees and prizes)."""
