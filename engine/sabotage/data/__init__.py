"""Card data of Garden Sabotage (JSON), a package so that installs ship it."""
