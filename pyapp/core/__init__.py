"""What every game in the box shares: the protocol (``protocol.Game``), the seeded generator
(``rng``), the error types (``errors``) and the record format (``records``)."""
