"""The card night: an event's players, movement (schedule), rounds, tables and results.

Sits above the season database and the game logs; the app's director screen and the web pages
read it. Its games are ordinary game logs that name their event, round and table.
"""
