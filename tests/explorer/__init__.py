"""The project's own explorer (issue 27): a seeded random player of the real bot through the fake
Discord, which presses everything a person can press and checks what every player relies on."""
