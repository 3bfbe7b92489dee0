"""Placeholder bot, replaced below."""
def choose(obs, legal, rng):
    return legal[rng.randrange(len(legal))].id
