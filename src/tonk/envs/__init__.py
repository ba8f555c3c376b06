"""Adapters for the learning frameworks bot builders start from.

Each adapter is a module of its own, behind an optional extra, and importing
this package imports none of them:

- :mod:`tonk.envs.pettingzoo`: a PettingZoo AEC environment, one agent per
  seat (``pip install 'tonk[pettingzoo]'``).
- :mod:`tonk.envs.gymnasium`: a Gymnasium environment, one seat against bots
  (``pip install 'tonk[gymnasium]'``), registered as ``tonk/Tonk-v0``.
- :mod:`tonk.envs.openspiel`: the OpenSpiel game ``python_tonk``, registered
  when the module is imported (``pip install 'tonk[openspiel]'``).

All number actions with :mod:`tonk.encoding` (the action layout, the
observation vector and its :func:`~tonk.encoding.observation_bounds`); see
the pages on the environments and on OpenSpiel.
"""
