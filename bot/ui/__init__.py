"""Discord components: persistent buttons and menus routed by custom id, and how choices are laid out."""
