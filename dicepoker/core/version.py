"""The version of the kit, in one place (the cache keys its value tables by it).

>>> __version__.count(".")
2
"""

__version__ = "0.1.0"
