"""The game's one PRNG: PCG32 (XSH RR) in plain integer arithmetic.

Python's `random` keeps a 625-word state and its derived methods have changed between versions; PCG32
fits in two integers, serialises as such, and gives the same numbers on every platform and version.
"""

from __future__ import annotations

SEED_MAX = 2**64 - 1
"""The largest seed: the dice take the seed modulo 2**64, so larger seeds repeat smaller ones."""

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


def seed_state(seed: int, stream: int = 54) -> tuple[int, int]:
    """Return the (state, increment) pair for a seed, as the reference `pcg32_srandom` sets it up."""
    inc = ((stream << 1) | 1) & _MASK64
    state = 0
    state = (state * _MULT + inc) & _MASK64
    state = (state + (seed & _MASK64)) & _MASK64
    state = (state * _MULT + inc) & _MASK64
    return state, inc


def next_u32(state: int, inc: int) -> tuple[int, int]:
    """Advance the generator once; return the new state and a 32-bit output."""
    old = state
    state = (old * _MULT + inc) & _MASK64
    xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
    rot = old >> 59
    return state, ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32


def below(state: int, inc: int, bound: int) -> tuple[int, int]:
    """Return an unbiased integer in [0, bound), by rejection of the short tail."""
    threshold = ((1 << 32) - bound) % bound
    while True:
        # next_u32, inlined: this runs for every throw of the dice
        old = state
        state = (old * _MULT + inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32
        if r >= threshold:
            return state, r % bound
