"""Build, serve and benchmark tools for the static site."""
