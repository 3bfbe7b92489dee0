"""Kupferkessel's heuristic bot (placeholder)."""

def choose(obs, legal, rng):
    ids = legal.ids if hasattr(legal, "ids") else [a.id for a in legal]
    return int(ids[rng.randrange(len(ids))])
