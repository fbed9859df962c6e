"""Seeded choices of the scripts of this directory (the cosmetic rewrites, the probe inputs): SHA-256 of
``seed:counter``, stable across Python versions and machines."""
import hashlib


class Prng:
    """Deterministic choices from a text seed: each draw is the first four bytes (big-endian) of SHA-256 of
    ``"<seed>:<counter>"``, the counter counting draws from 0."""

    def __init__(self, seed):
        self.seed = str(seed)
        self.counter = 0

    def u32(self):
        digest = hashlib.sha256(("%s:%d" % (self.seed, self.counter)).encode("utf-8")).digest()
        self.counter += 1
        return int.from_bytes(digest[:4], "big")

    def below(self, n):
        """An integer in ``0..n-1``."""
        return self.u32() % n

    def chance(self, p):
        """True with probability ``p``."""
        return self.u32() < p * 4294967296

    def subset(self, items, p):
        """A non-empty subset of a non-empty list, in list order (each item kept with probability p)."""
        chosen = [x for x in items if self.chance(p)]
        return chosen if chosen else [items[self.below(len(items))]]
