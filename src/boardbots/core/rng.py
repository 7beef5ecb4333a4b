"""Seedable randomness: the only source of chance in core, games and bots.

Every random draw goes through an `Rng` that was handed in, so a game or a
decision can be replayed from its seed alone. `fork()` gives an independent
stream, which lets a bot imagine futures without touching the real game's
stream.
"""

from __future__ import annotations

import _random
import hashlib
import math
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def mix_seed(*parts: int | str) -> int:
    """Derive a 63-bit seed from several parts.

    A hash (not arithmetic) keeps nearby inputs such as decision 7 and 8
    from giving correlated streams.
    """
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


_BITS = [n.bit_length() for n in range(257)]
"""Bit lengths looked up rather than asked for: a deck shuffle needs one per card."""


def mix_pair(a: int, b: int) -> int:
    """`mix_seed(a, b)` for two ints, the same hash of the same text without the
    general join; Domination derives every shuffle's seed this way."""
    text = f"{a}/{b}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def permutation(seed: int, size: int) -> list[int]:
    """The order `Rng(seed).shuffle` leaves `size` items in, as the index each position
    takes its item from.

    Fisher-Yates draws the same numbers whatever is shuffled, so this is that
    shuffle of `range(size)`; a caller may keep it and apply it again. The bare C
    generator is seeded exactly as `random.Random` seeds it, without its Python layer.
    """
    getrandbits = _random.Random(seed).getrandbits
    perm = list(range(size))
    bits = _BITS if size < len(_BITS) else [n.bit_length() for n in range(size + 1)]
    for i in range(size - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def decision_seed(game_seed: int, n: int) -> int:
    """The seed for the n-th decision of a game, so every decision replays."""
    return mix_seed("decision", game_seed, n)


class Rng:
    """A seeded random stream; wraps an instance of `random.Random`.

    Holding the generator as an instance (never the `random` module's
    functions) is what makes every result reproducible from its seed.
    """

    __slots__ = ("_r", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._r = random.Random(seed)

    def fork(self) -> Rng:
        """An independent child stream; advances this stream by one draw."""
        return Rng(self._r.getrandbits(63))

    def random(self) -> float:
        return self._r.random()

    def randrange(self, n: int) -> int:
        return self._r.randrange(n)

    def randint(self, a: int, b: int) -> int:
        return self._r.randint(a, b)

    def getrandbits(self, k: int) -> int:
        return self._r.getrandbits(k)

    def bit_subset(self, bits: int, k: int) -> int:
        """A uniformly random k-subset of the set bits of `bits`, as an int of those bits.

        Keep each bit with probability 1/2 and draw again until exactly k are
        kept: every k-subset is equally likely in every draw, so the accepted one
        is uniform too. Written here so the loop calls the C generator directly:
        Y's playouts draw about nine times for each subset they take.
        """
        width = bits.bit_length()
        if not width:
            return 0
        getrandbits = self._r.getrandbits
        chosen = getrandbits(width) & bits
        while chosen.bit_count() != k:
            chosen = getrandbits(width) & bits
        return chosen

    def choice(self, items: Sequence[T]) -> T:
        """`randrange(len(items))` as CPython draws it (rejection sampling on
        `getrandbits`), written out: every random game draws this per move."""
        n = len(items)
        if not n:
            raise ValueError("cannot choose from an empty sequence")
        getrandbits = self._r.getrandbits
        k = n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        return items[i]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """`random.Random.shuffle`'s Fisher-Yates with its exact draws, without the
        two calls per item; Domination shuffles a deck every few turns."""
        getrandbits = self._r.getrandbits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._r.sample(items, k)

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """One item drawn with probability proportional to its weight."""
        total = math.fsum(weights)  # the same on every Python (see core/portable.py)
        x = self._r.random() * total
        for item, w in zip(items, weights, strict=True):
            x -= w
            if x < 0:
                return item
        return items[-1]
