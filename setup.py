"""Only for the two compiled fast paths: the claims' search (scorekeeper/rules/solver/_spades_dd.c)
and the bulk audit's check of a plain hand (scorekeeper/audit/_plain_play.c); everything else
about the package is in pyproject.toml. ``optional=True``: where they do not build (no
compiler, no Python headers) the package still installs, and the claims and the audit use
their Python reference, only slower."""

import platform

from setuptools import Extension, setup

# The search counts cards with popcount on every node: on x86-64 the instruction (every such
# processor since 2008 has it), not the library's loop.
FLAGS = ["-O2"] + (["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else [])

setup(ext_modules=[Extension("scorekeeper.rules.solver._spades_dd",
                             sources=["scorekeeper/rules/solver/_spades_dd.c"],
                             depends=["scorekeeper/rules/solver/_spades_dd.h",
                                      "scorekeeper/rules/solver/_spades_dd_moves.h"],
                             extra_compile_args=FLAGS, optional=True),
                   Extension("scorekeeper.audit._plain_play",
                             sources=["scorekeeper/audit/_plain_play.c"],
                             extra_compile_args=["-O2"], optional=True)])
