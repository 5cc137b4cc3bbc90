"""The dispute report: the engine (``engine``), its text for the players (``text_report``),
the JSON document written part by part (``json_writer``), the runner over many files on two
cores (``batch``) and the straight path for plain, clean logs (``plain_logs``).

Nothing is imported here: the bulk path loads only what it needs."""
