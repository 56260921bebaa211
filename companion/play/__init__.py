"""Score pages, one module per game (`houses_grande`: Canal Houses and Canal
Grande, `doodle_china`, `canalis`), the scoring API they call (`score_api`),
the group's Doodle China layouts and Canalis tiles, and the printable pads."""
