"""The game-log documents: the pydantic models and the JSON Schemas made from them, the
reader and writer of log files with placed messages, and the trusted reader that takes the
common shapes of a valid log straight to the rules core's records without pydantic.

Nothing is imported here, so that the trusted reader loads without pydantic."""
