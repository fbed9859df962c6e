"""The mutation engine behind ``mutate.py``, one concept per module:

- ``tables``: bug types and the operators' replacement tables;
- ``shapes``, ``tree_paths``: what the operators recognise in a tree, and how a candidate names its node;
- ``enumerator``: the walk that offers every node to the operators, and the ``Candidate`` they add;
- ``operators/``: one module per bug type;
- ``equivalence``: same tree, same normalised bytecode;
- ``enumerate_mutants``, ``task_check``, ``stacked_edits``: the script's three commands.

Positions (``Source``) are shared with the cosmetic rewrites, in ``positions.py`` beside this package."""
