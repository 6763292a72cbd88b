"""The real parts: buttons, displays, serial pods and the emulator. Nothing here knows the game."""
