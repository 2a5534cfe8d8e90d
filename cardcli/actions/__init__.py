"""What each CLI command does, one module a command, as functions returning exit codes.

``cli`` declares the click interface and calls these; they do the I/O the
engine never does.
"""
