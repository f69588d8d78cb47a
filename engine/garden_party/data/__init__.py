"""Data tables of Garden Party (JSON), a package so that installs ship them."""
