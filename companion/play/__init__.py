"""Score pages, one module per game (`canal_houses`, `canal_grande`,
`doodle_china`, `canalis`) with `score_page` shared by the first two, where
each game's pages are (`links`), the scoring API they call (`score_api`), the
group's Doodle China layouts and Canalis tiles, and the printable pads."""
