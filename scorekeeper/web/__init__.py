"""Results people can open: a game's score sheet as Markdown and as HTML that prints on one
page. Rendered from the analysis (``analysis.score_sheet.score_report``: the same figures as
``score --format json``) through Jinja2 templates with every text escaped."""
