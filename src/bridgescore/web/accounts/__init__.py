"""Accounts: users, players (Chinese and English names), roles, API tokens, log-in throttle."""
