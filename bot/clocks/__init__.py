"""Clocks: a seat's turn clock and its reminders, the deadline scheduler, pauses."""
