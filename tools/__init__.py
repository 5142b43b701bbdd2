"""Tools that build what the runtime package reads (the compiled core, King's cost table);
not shipped in the wheel."""
