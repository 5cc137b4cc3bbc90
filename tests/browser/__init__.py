"""Tests in a real browser. A package, so that the ``browser`` fixture (package scope) is
closed before the asyncio tests in the other folders run."""
