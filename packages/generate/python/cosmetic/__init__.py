"""The cosmetic rewrites behind ``rewrite.py``, one module per rewrite kind (as ``@execret/mutate-js``'s
``src/cosmetic/``):

- ``statement_order``, ``operand_order``, ``rename``, ``reformat``: the four kinds, each a step
  ``(code, job, rng)`` that returns the rewritten text or None;
- ``syntax``: what the kinds read of a tree and its text; ``same_tree``: the re-parse check every step ends with;
- ``rewrite_job``: the ``rewrite`` command, which draws the kinds of each variant and applies them in order.

Positions (``Source``, ``splice``) and seeded choices (``Prng``) are shared with the other scripts, in
``positions.py`` and ``prng.py`` beside this package."""
