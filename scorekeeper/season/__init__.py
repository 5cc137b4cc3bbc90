"""The season: standings from game results (``standings``), their formats
(``standings_formats``) and the SQLite database (``storage``)."""
