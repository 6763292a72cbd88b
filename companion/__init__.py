"""BANG! The Dice Game companion: rules engine, table session, panels and devices."""

__version__ = "0.1.0"
