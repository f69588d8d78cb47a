"""Discord components as data: custom ids, buttons and menus, how choices are laid out, layout messages."""
